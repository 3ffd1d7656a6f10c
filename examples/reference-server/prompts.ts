/**
 * prompts/list, prompts/get and completion/complete. The prompt summarize_invoice, whose
 * invoice_id argument is completable both as a prompt argument and as the {id} of invoice://{id},
 * and the MRTR prompt review_workspace (mrtr-resource-prompt.ts).
 */

import { ErrorCode } from '../../src/spec/protocol.js';
import { LIST_CACHE, isBroken, type ServerConfig } from './config.js';
import { INVOICES, findInvoice } from './fake-data.js';
import { RpcFailure, internalError, isObject, type JsonObject } from './jsonrpc.js';
import { MRTR_PROMPT, getMrtrPrompt } from './mrtr-resource-prompt.js';
import { paginate } from './pagination.js';
import { INVOICE_TEMPLATE } from './resources.js';

const MAX_COMPLETIONS = 100;
const AUDIENCES = ['customer', 'finance'];
const REVIEW_FOCUSES = ['error handling', 'security', 'tests'];

const SUMMARIZE_INVOICE = {
  name: 'summarize_invoice',
  title: 'Summarize an invoice',
  description: 'Write a short, plain-language summary of one invoice: who is billed, how much, and what state it is in.',
  arguments: [
    { name: 'invoice_id', title: 'Invoice id', description: 'The invoice to summarize, for example "INV-1001".', required: true },
    { name: 'audience', title: 'Audience', description: 'Who reads the summary: "customer" (default) or "finance".', required: false },
  ],
};

export interface PromptMethods {
  list(params: JsonObject): JsonObject;
  get(params: JsonObject, context: { connection?: string }): JsonObject;
  complete(params: JsonObject): JsonObject;
}

export function createPromptMethods(config: ServerConfig): PromptMethods {
  return {
    list(params) {
      const page = paginate('prompts', [SUMMARIZE_INVOICE, MRTR_PROMPT], 10, params.cursor, {
        acceptInvalidCursor: isBroken(config, 'invalid-cursor-accepted'),
        loopForever: false,
      });
      return { prompts: page.items, ...LIST_CACHE };
    },

    get(params, context) {
      if (params.name !== SUMMARIZE_INVOICE.name && params.name !== MRTR_PROMPT.name) {
        const code = isBroken(config, 'prompt-not-found-wrong-code') ? ErrorCode.InternalError : ErrorCode.InvalidParams;
        throw new RpcFailure(code, `Unknown prompt "${String(params.name)}". Call prompts/list for the available prompts.`);
      }
      const args = params.arguments ?? {};
      if (!isObject(args) || !Object.values(args).every((value) => typeof value === 'string')) {
        throw new RpcFailure(ErrorCode.InvalidParams, 'prompts/get params.arguments must map argument names to strings');
      }
      if (params.name === MRTR_PROMPT.name) return getMrtrPrompt(params, args as Record<string, string>, context.connection ?? '', config);
      // prompt-missing-argument-served: a missing invoice_id is filled in instead of refused.
      if (typeof args.invoice_id !== 'string' && isBroken(config, 'prompt-missing-argument-served'))
        return { description: SUMMARIZE_INVOICE.description, messages: summaryMessages(INVOICES[0]!.id, false) };
      if (typeof args.invoice_id !== 'string') {
        throw new RpcFailure(ErrorCode.InvalidParams, 'Missing required argument "invoice_id" for prompt summarize_invoice');
      }
      // prompt-get-fails: the arguments were fine; the fault is the server's own.
      if (isBroken(config, 'prompt-get-fails')) throw internalError('Internal error while rendering summarize_invoice');
      return { description: SUMMARIZE_INVOICE.description, messages: summaryMessages(args.invoice_id, args.audience === 'finance') };
    },

    complete(params) {
      const argument = isObject(params.argument) ? params.argument : {};
      if (typeof argument.name !== 'string' || typeof argument.value !== 'string') {
        throw new RpcFailure(ErrorCode.InvalidParams, 'completion/complete needs argument {name, value} (strings)');
      }
      const values = candidatesFor(params.ref, argument.name).filter((candidate) =>
        candidate.toLowerCase().startsWith(String(argument.value).toLowerCase()),
      );
      return { completion: { values: values.slice(0, MAX_COMPLETIONS), total: values.length, hasMore: values.length > MAX_COMPLETIONS } };
    },
  };
}

function summaryMessages(invoiceId: string, forFinance: boolean): JsonObject[] {
  const audience = forFinance ? 'the finance team, with amounts and status first' : 'the customer, in friendly plain language';
  const request = { role: 'user', content: { type: 'text', text: `Summarize invoice ${invoiceId} for ${audience}.` } };
  const invoice = findInvoice(invoiceId);
  // Unknown ids still get a prompt: a prompt only shapes the request, and the model can say it found nothing.
  if (!invoice) return [request];
  const uri = `invoice://${invoice.id}`;
  return [
    request,
    { role: 'user', content: { type: 'resource', resource: { uri, mimeType: 'application/json', text: JSON.stringify(invoice) } } },
  ];
}

function candidatesFor(ref: unknown, argumentName: string): string[] {
  const invoiceIds = INVOICES.map((invoice) => invoice.id);
  if (isObject(ref) && ref.type === 'ref/prompt' && ref.name === SUMMARIZE_INVOICE.name) {
    if (argumentName === 'invoice_id') return invoiceIds;
    if (argumentName === 'audience') return AUDIENCES;
    throw new RpcFailure(ErrorCode.InvalidParams, `Prompt summarize_invoice has no argument "${argumentName}"`);
  }
  if (isObject(ref) && ref.type === 'ref/prompt' && ref.name === MRTR_PROMPT.name) {
    if (argumentName === 'focus') return REVIEW_FOCUSES;
    throw new RpcFailure(ErrorCode.InvalidParams, `Prompt ${MRTR_PROMPT.name} has no argument "${argumentName}"`);
  }
  if (isObject(ref) && ref.type === 'ref/resource' && ref.uri === INVOICE_TEMPLATE.uriTemplate) {
    if (argumentName === 'id') return invoiceIds;
    throw new RpcFailure(ErrorCode.InvalidParams, `Template ${INVOICE_TEMPLATE.uriTemplate} has no variable "${argumentName}"`);
  }
  throw new RpcFailure(
    ErrorCode.InvalidParams,
    `completion/complete ref must be the summarize_invoice or ${MRTR_PROMPT.name} prompt, or the invoice://{id} template`,
  );
}
