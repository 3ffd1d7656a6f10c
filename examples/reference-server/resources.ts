/**
 * resources/list, resources/templates/list and resources/read: three static policy documents, one
 * MRTR resource (mrtr-resource-prompt.ts) and one template, invoice://{id}, served from the fixed
 * invoice data. A missing resource is -32602
 * with data.uri, as 2026-07-28 renumbered it (never -32002, never an empty contents array).
 */

import { ErrorCode } from '../../src/spec/protocol.js';
import { LIST_CACHE, isBroken, type ServerConfig } from './config.js';
import { DOCUMENTS, INVOICES, findInvoice } from './fake-data.js';
import { RpcFailure, internalError, type JsonObject } from './jsonrpc.js';
import { MRTR_RESOURCE, readMrtrResource } from './mrtr-resource-prompt.js';
import { paginate, type PagingRules } from './pagination.js';

const PAGE_SIZE = 2;
const READ_CACHE = { ttlMs: 30_000, cacheScope: 'public' } as const;
const LEGACY_RESOURCE_NOT_FOUND = -32002;

interface StaticResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  text: string;
}

const STATIC_RESOURCES: readonly StaticResource[] = [
  {
    uri: 'docs://policies/refunds',
    name: 'refund-policy',
    title: 'Refund policy',
    description: 'When and how paid invoices are refunded.',
    mimeType: 'text/markdown',
    text: DOCUMENTS.refunds,
  },
  {
    uri: 'docs://policies/shipping',
    name: 'shipping-policy',
    title: 'Shipping policy',
    description: 'Dispatch times, delivery times and express costs.',
    mimeType: 'text/markdown',
    text: DOCUMENTS.shipping,
  },
  {
    uri: 'docs://faq',
    name: 'faq',
    title: 'Billing FAQ',
    description: 'Short answers to common billing questions.',
    mimeType: 'text/markdown',
    text: DOCUMENTS.faq,
  },
];

export const INVOICE_TEMPLATE = {
  uriTemplate: 'invoice://{id}',
  name: 'invoice',
  title: 'Invoice by id',
  description: `One invoice as JSON, for example invoice://${INVOICES[0]?.id ?? 'INV-1001'}.`,
  mimeType: 'application/json',
} as const;

export interface ResourceMethods {
  list(params: JsonObject): JsonObject;
  listTemplates(params: JsonObject): JsonObject;
  read(params: JsonObject, context: { connection?: string }): JsonObject;
}

/** The listing: the static documents with their sizes, then the MRTR resource, whose contents depend on the reader. */
const LISTED_RESOURCES: readonly JsonObject[] = [
  ...STATIC_RESOURCES.map(({ text, ...listed }) => ({ ...listed, size: Buffer.byteLength(text, 'utf8') })),
  MRTR_RESOURCE,
];

export function createResourceMethods(config: ServerConfig): ResourceMethods {
  const rules: PagingRules = { acceptInvalidCursor: isBroken(config, 'invalid-cursor-accepted'), loopForever: false };

  return {
    list(params) {
      const page = paginate('resources', LISTED_RESOURCES, PAGE_SIZE, params.cursor, rules);
      const laterPageScope = isBroken(config, 'scope-differs-per-page') && page.offset > 0 ? { cacheScope: 'private' } : {};
      return {
        resources: page.items,
        ...(page.nextCursor === undefined ? {} : { nextCursor: page.nextCursor }),
        ...LIST_CACHE,
        ...laterPageScope,
      };
    },

    listTemplates(params) {
      const page = paginate('resourceTemplates', [INVOICE_TEMPLATE], PAGE_SIZE, params.cursor, rules);
      // templates-input-required: an interim result from a method that may never return one.
      const interim = isBroken(config, 'templates-input-required') ? { resultType: 'input_required', requestState: 'opaque-state' } : {};
      return { ...interim, resourceTemplates: page.items, ...LIST_CACHE };
    },

    read(params, context) {
      if (typeof params.uri !== 'string') throw new RpcFailure(ErrorCode.InvalidParams, 'resources/read needs params.uri (string)');
      if (params.uri === MRTR_RESOURCE.uri) return readMrtrResource(params, context.connection ?? '', config);
      const contents = readContents(params.uri);
      const cache = isBroken(config, 'fractional-ttl') ? { ...READ_CACHE, ttlMs: 1.5 } : READ_CACHE;
      if (contents && isBroken(config, 'read-fails') && !params.uri.startsWith('invoice://'))
        throw internalError(`Internal error while reading ${params.uri}`);
      // template-read-empty: a URI of the invoice template is answered with nothing in it.
      if (contents && isBroken(config, 'template-read-empty') && params.uri.startsWith('invoice://')) return { contents: [], ...cache };
      if (contents) return { contents: [contents], ...cache };
      if (isBroken(config, 'empty-contents-not-found')) return { contents: [], ...cache };
      const code = isBroken(config, 'legacy-not-found-code') ? LEGACY_RESOURCE_NOT_FOUND : ErrorCode.InvalidParams;
      throw new RpcFailure(code, `Resource not found: ${params.uri}`, { uri: params.uri });
    },
  };
}

function readContents(uri: string): JsonObject | undefined {
  const document = STATIC_RESOURCES.find((resource) => resource.uri === uri);
  if (document) return { uri, mimeType: document.mimeType, text: document.text };
  const invoiceId = /^invoice:\/\/([^/?#]+)$/.exec(uri)?.[1];
  const invoice = invoiceId === undefined ? undefined : findInvoice(invoiceId);
  return invoice ? { uri, mimeType: 'application/json', text: JSON.stringify(invoice) } : undefined;
}
