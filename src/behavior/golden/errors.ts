/** The error the golden-set loader throws: every problem of the file, each with its position. */

import { FileProblemsError } from '../../shared/yaml/problems.js';

export class GoldenSetError extends FileProblemsError {}
