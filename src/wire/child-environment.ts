/**
 * The environment a stdio server starts with: only what a process needs to run (search path, home,
 * user, locale, time zone, temporary directory, terminal, extra CA certificates) plus what the caller
 * passes explicitly. Never all of mcpgate's own environment: that holds API keys and CI tokens, and
 * the server under test is hostile until proven otherwise.
 */

const BASELINE = ['PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'TMPDIR', 'TMP', 'TEMP', 'LANG', 'TZ', 'TERM', 'NODE_EXTRA_CA_CERTS'];

/** Windows cannot start most programs without these. */
const WINDOWS_BASELINE = ['SYSTEMROOT', 'COMSPEC', 'PATHEXT', 'WINDIR'];

/**
 * `passed` maps a name to its value; a name mapped to undefined takes the parent's value (as
 * `--env NAME` without `=VALUE` does). Names are matched case-insensitively on Windows, where the
 * environment itself is case-insensitive.
 */
export function childEnvironment(
  passed: Record<string, string | undefined> = {},
  parent: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const windows = process.platform === 'win32';
  const key = (name: string): string => (windows ? name.toUpperCase() : name);
  const wanted = new Set([...BASELINE, ...(windows ? WINDOWS_BASELINE : [])].map(key));
  const fromParent = new Map(Object.entries(parent).map(([name, value]) => [key(name), { name, value }]));
  const env = new Map<string, { name: string; value: string | undefined }>();
  for (const [k, entry] of fromParent) if (wanted.has(k) || entry.name.startsWith('LC_')) env.set(k, entry);
  for (const [name, value] of Object.entries(passed)) env.set(key(name), { name, value: value ?? fromParent.get(key(name))?.value });
  return Object.fromEntries([...env.values()].filter((e) => e.value !== undefined).map((e) => [e.name, e.value!]));
}
