/**
 * JSON Schema (2020-12) of the report written by renderJson, for consumers outside mcpgate,
 * generated from the contract; docs/report.schema.json holds this value (a test keeps them equal).
 * It describes what a reader accepts (zod's input side), so objects allow additional properties:
 * minor versions add keys, and a 1.0 reader must accept a 1.x report.
 */

import { z } from 'zod';
import { ReportSchema } from './model.js';

const { $schema, ...generated } = z.toJSONSchema(ReportSchema, { target: 'draft-2020-12', io: 'input' });

export const REPORT_JSON_SCHEMA = { $schema, $id: 'urn:mcpgate:report:1', title: 'mcpgate report', ...generated };
