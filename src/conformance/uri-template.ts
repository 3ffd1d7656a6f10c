/**
 * Just enough of RFC 6570 to read a server's resource templates black-box: the variable names of a
 * template, its expansion with given values (levels 1 to 3, and the explode and prefix modifiers
 * read as plain names), and the values a concrete URI gives a template's simple expressions. The
 * template is the server's text, so its length and the number of expressions are bounded.
 */

const MAX_TEMPLATE_CHARS = 2_000;
const MAX_EXPRESSIONS = 32;
const EXPRESSION = /\{([+#./;?&]?)([^{}]*)\}/g;

interface Expression {
  operator: string;
  names: string[];
}

function expressions(template: string): Expression[] | undefined {
  if (template.length > MAX_TEMPLATE_CHARS) return undefined;
  const found: Expression[] = [];
  for (const match of template.matchAll(EXPRESSION)) {
    if (found.length === MAX_EXPRESSIONS) return undefined;
    const names = match[2]!.split(',').map((part) => part.replace(/\*$|:\d+$/, ''));
    if (names.some((name) => !/^[A-Za-z0-9_.%]+$/.test(name))) return undefined;
    found.push({ operator: match[1]!, names });
  }
  return found;
}

/** The variable names of a template in order of appearance, or undefined when it is not one mcpgate can read. */
export function templateVariables(template: string): string[] | undefined {
  const found = expressions(template);
  return found ? [...new Set(found.flatMap((e) => e.names))] : undefined;
}

const JOINERS: Record<string, { first: string; separator: string; named: boolean; reserved: boolean }> = {
  '': { first: '', separator: ',', named: false, reserved: false },
  '+': { first: '', separator: ',', named: false, reserved: true },
  '#': { first: '#', separator: ',', named: false, reserved: true },
  '.': { first: '.', separator: '.', named: false, reserved: false },
  '/': { first: '/', separator: '/', named: false, reserved: false },
  ';': { first: ';', separator: ';', named: true, reserved: false },
  '?': { first: '?', separator: '&', named: true, reserved: false },
  '&': { first: '&', separator: '&', named: true, reserved: false },
};

/** The template with every variable replaced by its value (percent-encoded as the operator asks). */
export function expandTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(EXPRESSION, (_, operator: string, list: string) => {
    const joiner = JOINERS[operator] ?? JOINERS['']!;
    const parts = list
      .split(',')
      .map((part) => part.replace(/\*$|:\d+$/, ''))
      .filter((name) => values[name] !== undefined)
      .map((name) => {
        const raw = values[name]!;
        const value = joiner.reserved ? encodeURI(raw) : encodeURIComponent(raw);
        return joiner.named ? `${name}=${value}` : value;
      });
    return parts.length === 0 ? '' : joiner.first + parts.join(joiner.separator);
  });
}

/**
 * The values a concrete URI gives the template's variables, when the template has only simple
 * `{name}` expressions and the URI matches it; otherwise undefined.
 */
export function matchTemplate(template: string, uri: string): Record<string, string> | undefined {
  const found = expressions(template);
  if (!found || found.some((e) => e.operator !== '' || e.names.length !== 1) || uri.length > MAX_TEMPLATE_CHARS) return undefined;
  const names = found.map((e) => e.names[0]!);
  const literal = template.split(EXPRESSION).filter((_, index) => index % 3 === 0);
  // Two expressions side by side would make the match ambiguous (and slow): not read.
  if (literal.slice(1, -1).some((part) => part === '')) return undefined;
  const pattern = literal.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('([^/?#&]+)');
  // Linear: every group is a negated class between fixed literals, so nothing backtracks exponentially.
  const match = new RegExp(`^${pattern}$`).exec(uri);
  if (!match) return undefined;
  try {
    return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
  } catch {
    return undefined;
  }
}
