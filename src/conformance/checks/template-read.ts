/**
 * Reading a resource through a listed template (server/resources#resource-templates): the URI is
 * expanded with values the server itself gave where it can (a listed resource that matches the
 * template, else completion/complete), else with a placeholder, which a server may rightly not know.
 */

import { ErrorCode } from '../../spec/protocol.js';
import { summarizeAnswer } from '../../wire/era.js';
import { isRecord } from '../../shared/guards.js';
import { pass, skip, violated, warn, type CheckDefinition } from '../check.js';
import type { CheckContext } from '../context.js';
import { evidenceOf } from '../evidence.js';
import { expandTemplate, matchTemplate, templateVariables } from '../uri-template.js';
import { expectError, resultOf } from './expect.js';

/** Templates tried at most, in listing order; each costs a completion request per variable. */
const MAX_TEMPLATES = 5;
const PLACEHOLDER = '1';

interface Expansion {
  uri: string;
  template: string;
  /** Where the values came from, for messages. */
  source: string;
}

async function expandOne(ctx: CheckContext, templates: readonly string[]): Promise<Expansion | undefined> {
  const usable = templates.slice(0, MAX_TEMPLATES).filter((t) => (templateVariables(t)?.length ?? 0) > 0);
  const listed = (await ctx.list('resources/list')).items.flatMap((r) => (typeof r.uri === 'string' ? [r.uri] : []));
  for (const template of usable) {
    for (const uri of listed) {
      const values = matchTemplate(template, uri);
      if (values) return { uri: expandTemplate(template, values), template, source: `of the listed resource ${uri}` };
    }
  }
  const template = usable[0];
  if (!template) return undefined;
  const names = templateVariables(template)!;
  const values: Record<string, string> = {};
  let completed = 0;
  for (const name of names) {
    const offered = ctx.hasCapability('completions') ? await completionFor(ctx, template, name) : undefined;
    if (offered !== undefined) completed++;
    values[name] = offered ?? PLACEHOLDER;
  }
  const source =
    completed === names.length ? 'offered by completion/complete' : completed > 0 ? 'partly placeholders' : `placeholder "${PLACEHOLDER}"`;
  return { uri: expandTemplate(template, values), template, source };
}

async function completionFor(ctx: CheckContext, template: string, name: string): Promise<string | undefined> {
  const exchange = await ctx.client.request('completion/complete', {
    ref: { type: 'ref/resource', uri: template },
    argument: { name, value: '' },
  });
  const completion = resultOf(exchange)?.completion;
  const first = isRecord(completion) && Array.isArray(completion.values) ? completion.values[0] : undefined;
  return typeof first === 'string' && first.length > 0 ? first : undefined;
}

export const templateReadCheck: Omit<CheckDefinition, 'area'> = {
  id: 'resources.template-read',
  title: 'resources/read of a URI expanded from a listed template returns contents, or -32602 when it names nothing',
  level: 'MUST',
  spec: 'server/resources#resource-templates',
  async run(ctx) {
    if (!ctx.hasCapability('resources')) return skip('the server does not declare the resources capability');
    const templates = (await ctx.list('resources/templates/list')).items.filter((t) => typeof t.uriTemplate === 'string');
    if (templates.length === 0) return skip('the server lists no resource templates');
    const expansion = await expandOne(
      ctx,
      templates.map((t) => t.uriTemplate as string),
    );
    if (!expansion) return skip('no listed template uses only the RFC 6570 expressions mcpgate can expand');
    const { uri, template, source } = expansion;
    const exchange = await ctx.client.request('resources/read', { uri });
    const expected = 'a result whose contents are non-empty, each entry with a uri and text or blob';
    const evidence = [evidenceOf(exchange, expected, `resources/read ${uri} (from ${template}, values ${source})`)];
    const result = resultOf(exchange);
    if (!result) {
      if (expectError(exchange, ErrorCode.InvalidParams).ok)
        return skip(`${uri} (from ${template}, values ${source}) names no resource (-32602); the template could not be exercised`);
      return warn(
        `reading ${uri}, expanded from ${template}, gave neither contents nor -32602: ${summarizeAnswer(exchange)}`,
        evidence,
        'answer a template URI with its contents, or -32602 when it names nothing; keep -32603 for real faults',
      );
    }
    if (result.resultType === 'input_required') return pass(`resources/read ${uri} asked for input (input_required)`, evidence);
    const contents = Array.isArray(result.contents) ? result.contents : [];
    if (contents.length === 0)
      return violated(
        `reading ${uri}, expanded from ${template}, returned no contents`,
        evidence,
        'return the resource in contents[], or -32602 with data.uri when the URI names nothing',
      );
    const bad = contents.filter(
      (c) => !isRecord(c) || typeof c.uri !== 'string' || (typeof c.text !== 'string' && typeof c.blob !== 'string'),
    );
    if (bad.length > 0) return violated(`${bad.length} of ${contents.length} content entries of ${uri} lack a uri or text/blob`, evidence);
    return pass(`resources/read ${uri} (from ${template}, values ${source}) returned ${contents.length} content item(s)`, evidence);
  },
};
