/**
 * Headless Debian Chromium driven by playwright-core, for tests that must see a page as a browser
 * does. Outside CI a machine without Chromium skips those tests; under CI they must run, so a missing
 * browser fails there instead of passing silently.
 */

import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Why browser tests are skipped here, or undefined when they must run. */
export function chromiumSkipReason(): string | undefined {
  if (existsSync(CHROMIUM_PATH) || process.env['CI']) return undefined;
  return `${CHROMIUM_PATH} is not installed (apt-get install chromium); browser tests are skipped outside CI`;
}

export interface HeadlessChromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * The flags keep Chromium from phoning home: on a closed network its background connections fail by
 * the dozen and slow every start. A fresh profile per launch keeps runs independent.
 */
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchChromium(): Promise<HeadlessChromium> {
  const profile = await mkdtemp(join(tmpdir(), 'mcpgate-chromium-'));
  try {
    // The profile goes through launchPersistentContext: Playwright refuses --user-data-dir in args.
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ARGS,
      timeout: 20_000,
    });
    context.setDefaultTimeout(10_000);
    return {
      context,
      close: async () => {
        await context.close();
        await rm(profile, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(profile, { recursive: true, force: true });
    throw error;
  }
}
