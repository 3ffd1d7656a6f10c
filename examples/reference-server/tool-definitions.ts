/**
 * The published tool definitions of the conforming server. Descriptions are written for a model
 * choosing between tools (layer 1 scores exactly that), so each says what the tool is for, what it
 * is not for, and which neighbouring tool to use instead. Required properties carry `examples`,
 * which also gives the input-not-validated variant a value to fall back on.
 */

import type { JsonObject } from './jsonrpc.js';

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations: JsonObject;
}

const UNITS = {
  type: 'string',
  enum: ['celsius', 'fahrenheit'],
  default: 'celsius',
  description: 'Temperature unit of the answer. Defaults to celsius.',
};
const CITY = {
  type: 'string',
  minLength: 1,
  description: 'City name in English, for example "Paris" or "New York".',
  examples: ['London'],
};
const CURRENCY = { type: 'string', pattern: '^[A-Z]{3}$', description: 'ISO 4217 currency code in capitals, for example "EUR".' };
const CUSTOMER_ID = { type: 'string', pattern: '^CUS-\\d{3}$', description: 'Customer id such as "CUS-001".', examples: ['CUS-001'] };
const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const TOOL_DEFINITIONS: readonly ToolDefinition[] = [
  {
    name: 'get_weather',
    title: 'Current weather',
    description:
      'Get the weather right now in one city: temperature, unit and a short description of the conditions. ' +
      'Use get_forecast instead for later days. Known cities: London, Paris, Berlin, Tokyo, New York, Sydney, Toronto, São Paulo.',
    inputSchema: { type: 'object', properties: { city: CITY, units: UNITS }, required: ['city'], additionalProperties: false },
    outputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        temperature: { type: 'number' },
        units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        conditions: { type: 'string' },
      },
      required: ['city', 'temperature', 'units', 'conditions'],
      additionalProperties: false,
    },
    annotations: { title: 'Current weather', ...READ_ONLY },
  },
  {
    name: 'get_forecast',
    title: 'Weather forecast',
    description:
      'Get the daily weather forecast for one city for the next 1 to 7 days: high and low temperature and conditions per day. ' +
      'Use get_weather for the weather right now.',
    inputSchema: {
      type: 'object',
      properties: {
        // Mirrored in the Mcp-Param-City header, so that a gateway can route forecasts by city without reading the body.
        city: { ...CITY, 'x-mcp-header': 'City' },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 3, description: 'Number of days to forecast, 1 to 7. Defaults to 3.' },
        units: UNITS,
      },
      required: ['city'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        city: { type: 'string' },
        units: { type: 'string', enum: ['celsius', 'fahrenheit'] },
        days: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              day: { type: 'integer', minimum: 1, description: '1 is tomorrow.' },
              high: { type: 'number' },
              low: { type: 'number' },
              conditions: { type: 'string' },
            },
            required: ['day', 'high', 'low', 'conditions'],
          },
        },
      },
      required: ['city', 'units', 'days'],
    },
    annotations: { title: 'Weather forecast', ...READ_ONLY },
  },
  {
    name: 'convert_currency',
    title: 'Convert currency',
    description:
      'Convert an amount of money from one currency to another at fixed reference rates (not live market rates). ' +
      'Supported codes: USD, EUR, GBP, JPY, CHF, CAD, AUD, BRL.',
    inputSchema: {
      type: 'object',
      properties: {
        amount: { type: 'number', exclusiveMinimum: 0, description: 'Amount in the source currency.', examples: [100] },
        from: { ...CURRENCY, description: 'ISO 4217 code of the source currency, for example "USD".', examples: ['USD'] },
        to: { ...CURRENCY, description: 'ISO 4217 code of the target currency, for example "EUR".', examples: ['EUR'] },
      },
      required: ['amount', 'from', 'to'],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        amount: { type: 'number' },
        from: { type: 'string' },
        to: { type: 'string' },
        rate: { type: 'number' },
        converted: { type: 'number' },
      },
      required: ['amount', 'from', 'to', 'rate', 'converted'],
    },
    annotations: { title: 'Convert currency', ...READ_ONLY },
  },
  {
    name: 'lookup_customer',
    title: 'Look up a customer',
    description:
      'Find one customer account by email address or by customer id and return its name, email, country and plan. ' +
      'Use search_invoices to see what a customer was billed.',
    inputSchema: {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email', description: 'Billing email of the customer.' },
        customer_id: CUSTOMER_ID,
      },
      anyOf: [{ required: ['email'] }, { required: ['customer_id'] }],
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        customer: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            name: { type: 'string' },
            email: { type: 'string' },
            country: { type: 'string' },
            plan: { type: 'string', enum: ['free', 'team', 'enterprise'] },
          },
          required: ['id', 'name', 'email', 'country', 'plan'],
        },
      },
      required: ['customer'],
    },
    annotations: { title: 'Look up a customer', ...READ_ONLY },
  },
  {
    name: 'search_invoices',
    title: 'Search invoices',
    description:
      'List existing invoices, optionally filtered by customer, status and issue-date range, newest first. ' +
      'Read-only: use create_invoice to bill someone and delete_invoice to remove an invoice.',
    inputSchema: {
      type: 'object',
      $defs: {
        InvoiceStatus: { type: 'string', enum: ['draft', 'open', 'paid', 'overdue', 'void'] },
        DateRange: {
          type: 'object',
          properties: {
            from: { type: 'string', format: 'date', description: 'First issue date included, YYYY-MM-DD.' },
            to: { type: 'string', format: 'date', description: 'Last issue date included, YYYY-MM-DD.' },
          },
          additionalProperties: false,
        },
      },
      properties: {
        customer_id: CUSTOMER_ID,
        status: { $ref: '#/$defs/InvoiceStatus', description: 'Only invoices in this state.' },
        date_range: { $ref: '#/$defs/DateRange', description: 'Only invoices issued in this range.' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Maximum number of invoices returned.' },
      },
      additionalProperties: false,
    },
    outputSchema: {
      type: 'object',
      properties: {
        invoices: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'string' },
              customer_id: { type: 'string' },
              amount: { type: 'number' },
              currency: { type: 'string' },
              status: { type: 'string' },
              issued_on: { type: 'string' },
            },
            required: ['id', 'customer_id', 'amount', 'currency', 'status', 'issued_on'],
          },
        },
      },
      required: ['invoices'],
    },
    annotations: { title: 'Search invoices', ...READ_ONLY },
  },
  {
    name: 'create_invoice',
    title: 'Create an invoice',
    description:
      'Create a new draft invoice for an existing customer. It is not sent and can be reviewed before it is issued. ' +
      'Use search_invoices to find invoices that already exist.',
    inputSchema: {
      type: 'object',
      properties: {
        customer_id: CUSTOMER_ID,
        amount: { type: 'number', exclusiveMinimum: 0, description: 'Total to bill.', examples: [250] },
        currency: { type: 'string', enum: ['USD', 'EUR', 'GBP'], description: 'Invoice currency.', examples: ['USD'] },
        description: { type: 'string', description: 'Line item text shown on the invoice.' },
        due_date: { type: 'string', format: 'date', description: 'Payment due date, YYYY-MM-DD. Defaults to 30 days after issue.' },
      },
      required: ['customer_id', 'amount', 'currency'],
      additionalProperties: false,
    },
    annotations: { title: 'Create an invoice', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  },
  {
    name: 'delete_invoice',
    title: 'Delete an invoice',
    description:
      'Permanently delete one invoice by its id. This cannot be undone; to cancel an invoice that was already sent, ' +
      'ask a person instead. Never use this to look an invoice up.',
    inputSchema: {
      type: 'object',
      properties: {
        invoice_id: { type: 'string', pattern: '^INV-\\d{4}$', description: 'Invoice id such as "INV-1001".', examples: ['INV-1001'] },
      },
      required: ['invoice_id'],
      additionalProperties: false,
    },
    annotations: { title: 'Delete an invoice', readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  },
  {
    name: 'send_email',
    title: 'Send an email',
    description:
      'Send an email to one recipient on behalf of the billing team. The message leaves at once and cannot be recalled, ' +
      'so only use it when the user explicitly asks to send a message.',
    inputSchema: {
      type: 'object',
      properties: {
        to: { type: 'string', format: 'email', description: 'Recipient email address.', examples: ['billing@acme.example'] },
        subject: { type: 'string', minLength: 1, description: 'Subject line.', examples: ['Your invoice'] },
        body: { type: 'string', minLength: 1, description: 'Plain-text message body.', examples: ['Hello, your invoice is attached.'] },
      },
      required: ['to', 'subject', 'body'],
      additionalProperties: false,
    },
    annotations: { title: 'Send an email', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
  },
];

/** Published only by the list-grows-after-call variant, after its first tools/call. */
export const LATE_TOOL: ToolDefinition = {
  name: 'get_usage_report',
  title: 'Usage report',
  description: 'Summarise how many tool calls this server has answered.',
  inputSchema: { type: 'object', additionalProperties: false },
  annotations: { title: 'Usage report', ...READ_ONLY },
};
