/**
 * Every file mcpgate reads may be hostile: a FIFO (whose `open` blocks in a thread no signal reaches),
 * a symlink to /dev/zero, or a file far larger than any real one; a CI cache restores FIFOs and
 * symlinks as they were archived. For each kind of file the real CLI command that reads it is run
 * against such a file: it must end by itself, with its documented exit code, one line naming the
 * file and the cause, and nothing left running. Model cache entries must also prove what produced
 * them, and a write must never follow a link planted where its temporary file goes.
 */

import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_ENTRY_BYTES, recordRun } from '../../../src/gate/history.js';
import { renderJson } from '../../../src/report/json.js';
import type { EvalReport } from '../../../src/report/model.js';
import {
  createExclusively,
  MAX_CACHE_ENTRY_BYTES,
  MAX_REPORT_FILE_BYTES,
  MAX_USER_FILE_BYTES,
  writeFileAtomic,
} from '../../../src/shared/files.js';
import { REFERENCE_SERVER, ROOT, runCli, tempDir, type CliRun } from '../../helpers/cli.js';
import { readPossibleReport } from '../../helpers/report-invariants.js';
import { chatCompletion, startFakeOpenAI, type FakeLlm, type RecordedRequest } from '../../helpers/fake-llm.js';
import { evalRun } from '../../helpers/gate-factory.js';

type Plant = 'fifo' | 'link to /dev/zero' | 'oversized';
const PLANTS: readonly Plant[] = ['fifo', 'link to /dev/zero', 'oversized'];

/** A bound against a hang on a busy machine, never the thing asserted. */
const RUN_TIMEOUT_MS = 30_000;

function plant(file: string, kind: Plant, cap: number): void {
  mkdirSync(dirname(file), { recursive: true });
  rmSync(file, { force: true });
  if (kind === 'fifo') execFileSync('mkfifo', [file]);
  else if (kind === 'link to /dev/zero') symlinkSync('/dev/zero', file);
  else {
    // Sparse: one byte over the cap costs the test nothing.
    closeSync(openSync(file, 'w'));
    truncateSync(file, cap + 1);
  }
}

/**
 * A reference server reached through a symlink in a folder of its own: its command line carries that
 * folder, so the processes a test left behind can be told from those of tests running beside it.
 */
function markedServer(): { stdio: string; marker: string } {
  const marker = tempDir();
  const path = join(marker, 'reference-server.js');
  symlinkSync(REFERENCE_SERVER, path);
  return { stdio: `"${process.execPath}" "${path}" --stdio`, marker };
}

/** Processes still running (zombies excluded: they have ended) whose command line names `marker`. */
function runningWith(marker: string): string[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        if (!cmdline.includes(marker)) return [];
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
        return state === 'Z' ? [] : [`${pid} (${state}): ${cmdline.replace(/\0/g, ' ')}`];
      } catch {
        return [];
      }
    });
}

function expectNoStackTrace(run: CliRun): void {
  const all = run.stdout + run.stderr;
  expect(all).not.toMatch(/\n\s+at .+:\d+:\d+/);
  expect(all).not.toMatch(/internal error/);
}

/** The lines of the run's output that name `file`. */
function linesNaming(run: CliRun, file: string): string[] {
  return `${run.stdout}\n${run.stderr}`.split('\n').filter((line) => line.includes(file));
}

const GOLDEN = `cases:
  - id: thanks
    prompt: Thanks, that is all.
    expect_tool: null
`;

/** A file the user named, refused before anything reads it: the cause per plant. */
const NAMED_CAUSE: Record<Plant, RegExp> = {
  fifo: /it is a FIFO \(named pipe\), not a regular file/,
  'link to /dev/zero': /it is a character device, not a regular file/,
  oversized: /larger than \d+ MiB, mcpgate's cap/,
};

interface NamedReader {
  kind: string;
  /** The file's name, when the command finds it by name (init's .gitignore). */
  name?: string;
  cap: number;
  plants?: readonly Plant[];
  /** The command reading `file`; `dir` is a fresh folder for anything else it needs. */
  args: (file: string, dir: string, stdio: string) => string[];
  code: number;
  /** The gate's report names an unusable baseline in its header and in its row: each line must give the cause. */
  namedInReport?: true;
}

let golden = '';
let goodReport = '';
beforeAll(() => {
  const dir = tempDir();
  golden = join(dir, 'tasks.yaml');
  writeFileSync(golden, GOLDEN);
  goodReport = join(dir, 'report.json');
  writeFileSync(goodReport, renderJson(evalRun([{ id: 'thanks', passes: 1, runs: 1 }])));
});

const NAMED_READERS: NamedReader[] = [
  { kind: 'mcpgate.yaml', cap: MAX_USER_FILE_BYTES, args: (file) => ['run', '--config', file], code: 2 },
  {
    kind: 'golden set',
    cap: MAX_USER_FILE_BYTES,
    args: (file, _dir, stdio) => ['eval', '--stdio', stdio, '--golden', file, '--model', 'baseline'],
    code: 2,
  },
  {
    kind: 'faults file',
    cap: MAX_USER_FILE_BYTES,
    args: (file, _dir, stdio) => ['chaos', '--stdio', stdio, '--faults', file, '--model', 'baseline'],
    code: 2,
  },
  {
    kind: 'descriptions overrides',
    cap: MAX_USER_FILE_BYTES,
    args: (file, _dir, stdio) => ['eval', '--stdio', stdio, '--golden', golden, '--model', 'baseline', '--descriptions', file],
    code: 2,
  },
  {
    kind: 'price file',
    cap: MAX_USER_FILE_BYTES,
    args: (file, _dir, stdio) => ['eval', '--stdio', stdio, '--golden', golden, '--model', 'baseline', '--prices', file],
    code: 2,
  },
  { kind: 'pin file', cap: MAX_USER_FILE_BYTES, args: (file, _dir, stdio) => ['chaos', '--stdio', stdio, '--pins', file], code: 2 },
  {
    kind: 'expected-failures file',
    cap: MAX_USER_FILE_BYTES,
    args: (file, _dir, stdio) => ['check', '--stdio', stdio, '--expected-failures', file],
    code: 2,
  },
  { kind: 'report to gate', cap: MAX_REPORT_FILE_BYTES, args: (file) => ['gate', '--report', file, '--baseline', goodReport], code: 2 },
  // docs/gate.md: a baseline that cannot be used makes the gate inconclusive, never a usage error.
  {
    kind: 'baseline report',
    cap: MAX_REPORT_FILE_BYTES,
    args: (file) => ['gate', '--report', goodReport, '--baseline', file],
    code: 5,
    namedInReport: true,
  },
  {
    kind: 'shard to merge',
    cap: MAX_REPORT_FILE_BYTES,
    args: (file, dir) => ['merge', file, goodReport, '--out', join(dir, 'merged.json')],
    code: 2,
  },
  // A single file past migrate-scan's own cap is listed as skipped (its documented behaviour), not refused.
  { kind: 'migrate-scan path', cap: 0, plants: ['fifo', 'link to /dev/zero'], args: (file) => ['migrate-scan', file], code: 2 },
  { kind: '.gitignore of init', name: '.gitignore', cap: MAX_USER_FILE_BYTES, args: (file) => ['init', '--dir', dirname(file)], code: 2 },
];

describe('a file the user names is refused in one line, without blocking, when it is no regular file or too large', () => {
  for (const reader of NAMED_READERS) {
    for (const kind of reader.plants ?? PLANTS) {
      it(`${reader.kind}: ${kind}`, async () => {
        const dir = tempDir();
        const file = join(dir, reader.name ?? 'planted');
        plant(file, kind, reader.cap);
        const { stdio, marker } = markedServer();
        const run = await runCli(reader.args(file, dir, stdio), { timeoutMs: RUN_TIMEOUT_MS });
        expect(run.code).toBe(reader.code);
        const named = linesNaming(run, file);
        if (reader.namedInReport) expect(named.length).toBeGreaterThan(0);
        else expect(named).toHaveLength(1);
        for (const line of named) expect(line).toMatch(NAMED_CAUSE[kind]);
        expectNoStackTrace(run);
        expect(runningWith(marker)).toEqual([]);
        if (kind === 'link to /dev/zero') expect(readlinkSync(file)).toBe('/dev/zero');
      });
    }
  }
});

describe('a history entry that is no regular file or too large is skipped with a warning', () => {
  const CAUSE: Record<Plant, RegExp> = {
    fifo: /it is a FIFO \(named pipe\), not a regular file/,
    'link to /dev/zero': /leads outside the history directory \(not followed\)/,
    oversized: /larger than 8 MiB, mcpgate's cap for this kind of file \(MAX_ENTRY_BYTES\)/,
  };
  for (const kind of PLANTS) {
    it(kind, async () => {
      const dir = tempDir();
      const recorded = recordRun(dir, evalRun([{ id: 'thanks', passes: 1, runs: 1 }]));
      const file = join(dir, '2026-09-01T00-00-00.000Z_eeeeeeeeeeeeeeee.json');
      plant(file, kind, MAX_ENTRY_BYTES);
      const run = await runCli(['history', '--history-dir', dir], { timeoutMs: RUN_TIMEOUT_MS });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(recorded.entry.runId);
      const named = linesNaming(run, file);
      expect(named).toHaveLength(1);
      expect(named[0]).toMatch(/^mcpgate: warning: skipped history entry /);
      expect(named[0]).toMatch(CAUSE[kind]);
      expectNoStackTrace(run);
    });
  }
});

/** The entry files of a cache directory, each with what it holds (undefined when unreadable). */
function cacheEntries(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .map((name) => join(dir, name));
}

function evalOf(file: string): EvalReport {
  return readPossibleReport(file).eval!;
}

describe('the model cache', () => {
  /** What the model does: over-activates (calls get_weather for "thanks") or answers politely. */
  let behaviour: 'polite' | 'over-activates' = 'polite';
  let llm: FakeLlm;
  const model = (request: RecordedRequest): ReturnType<typeof chatCompletion> => {
    const messages = request.body.messages as Array<{ role: string }>;
    if (behaviour === 'over-activates' && messages[messages.length - 1]!.role !== 'tool')
      return chatCompletion({ calls: [{ id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }], usage: { input: 5, output: 5 } });
    return chatCompletion({ text: "You're welcome!", usage: { input: 5, output: 5 } });
  };
  beforeAll(async () => {
    llm = await startFakeOpenAI((request) => model(request));
  });
  afterAll(async () => {
    await llm.close();
  });

  async function evaluate(
    cacheDir: string,
    mode: 'write' | 'read',
  ): Promise<{ run: CliRun; summary: EvalReport['summary']; calls: number }> {
    const { stdio, marker } = markedServer();
    const report = join(tempDir(), 'report.json');
    const before = llm.requests.length;
    const run = await runCli(
      [
        'eval',
        '--stdio',
        stdio,
        '--golden',
        golden,
        '--model',
        'openai-chat:fake-model',
        '--runs',
        '1',
        '--cache-dir',
        cacheDir,
        '--cache',
        mode,
        '--report',
        report,
      ],
      { timeoutMs: RUN_TIMEOUT_MS, env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef0123456789abcdef', OPENAI_BASE_URL: llm.baseUrl } },
    );
    expectNoStackTrace(run);
    expect(runningWith(marker)).toEqual([]);
    return { run, summary: evalOf(report).summary, calls: llm.requests.length - before };
  }

  describe('an entry that is no regular file or too large is a miss with one warning, and is replaced', () => {
    const CAUSE: Record<Plant, RegExp> = {
      fifo: /it is a FIFO \(named pipe\), not a regular file/,
      'link to /dev/zero': /it is a symbolic link, which mcpgate does not follow here/,
      oversized: /larger than 4 MiB, mcpgate's cap for this kind of file \(MAX_CACHE_ENTRY_BYTES\)/,
    };
    for (const kind of PLANTS) {
      it(kind, async () => {
        behaviour = 'polite';
        const cacheDir = join(tempDir(), 'cache');
        const first = await evaluate(cacheDir, 'write');
        expect(first.run.code).toBe(0);
        const [entry, ...others] = cacheEntries(cacheDir);
        expect(others).toEqual([]);
        plant(entry!, kind, MAX_CACHE_ENTRY_BYTES);

        const again = await evaluate(cacheDir, 'write');
        expect(again.run.code).toBe(0);
        expect(again.calls).toBe(1);
        expect(again.summary).toMatchObject({ providerCalls: 1, cacheHits: 0 });
        const named = linesNaming(again.run, entry!);
        expect(named).toHaveLength(1);
        expect(named[0]).toMatch(/^mcpgate: warning: the model cache entry .* was not used/);
        expect(named[0]).toMatch(CAUSE[kind]);
        // Write mode put the fresh answer in its place (the link itself replaced, /dev/zero untouched).
        expect(lstatSync(entry!).isFile()).toBe(true);
        expect(JSON.parse(readFileSync(entry!, 'utf8')).turn.text).toBe("You're welcome!");
      });
    }
  });

  describe('an entry is served only when it says it answers this request of this model', () => {
    /** What an attacker plants in the entry of the first request: an answer that passes the case. */
    const FORGED_TURN = { text: "You're welcome!", toolCalls: [], finishReason: 'stop', usage: { inputTokens: 1, outputTokens: 1 } };
    type Provenance = { cache: number; provider: string; model: string; request: string };
    const PLANTED: Array<{ name: string; cause: RegExp; content: (first: Provenance, followUp: string) => string }> = [
      {
        name: 'an entry without provenance (as planted against earlier versions)',
        cause: /it does not say which cache produced it/,
        content: () => JSON.stringify({ model: 'openai-chat:fake-model', turn: FORGED_TURN }),
      },
      {
        name: 'an entry of another model',
        cause: /its model is "other-model", not "fake-model"/,
        content: (first) => JSON.stringify({ ...first, model: 'other-model', turn: FORGED_TURN }),
      },
      {
        name: "another request's entry copied into place",
        cause: /it records the answer to another request/,
        content: (_first, followUp) => followUp,
      },
      {
        name: 'a corrupted entry',
        cause: /it is not valid JSON/,
        content: (first) => JSON.stringify({ ...first, turn: FORGED_TURN }).slice(0, 60),
      },
    ];

    /** A cache of a model that over-activates: the first request's entry calls a tool, the follow-up's answers. */
    async function populated(): Promise<{ cacheDir: string; first: string; followUp: string }> {
      behaviour = 'over-activates';
      const cacheDir = join(tempDir(), 'cache');
      const run = await evaluate(cacheDir, 'write');
      expect(run.run.code).toBe(1);
      const entries = cacheEntries(cacheDir);
      expect(entries).toHaveLength(2);
      const first = entries.find((file) => JSON.parse(readFileSync(file, 'utf8')).turn.toolCalls.length > 0)!;
      const followUp = entries.find((file) => file !== first)!;
      return { cacheDir, first, followUp };
    }

    it('untouched entries are hits: no provider call, the cached verdict', async () => {
      const { cacheDir } = await populated();
      const again = await evaluate(cacheDir, 'read');
      expect(again.run.code).toBe(1);
      expect(again.calls).toBe(0);
      expect(again.summary).toMatchObject({ providerCalls: 0, cacheHits: 2 });
      expect(again.run.stderr).not.toContain('model cache');
    });

    for (const planted of PLANTED) {
      it(`${planted.name} is a miss: the provider is asked, and its answer decides`, async () => {
        const { cacheDir, first, followUp } = await populated();
        const provenance = JSON.parse(readFileSync(first, 'utf8')) as Provenance;
        writeFileSync(first, planted.content(provenance, readFileSync(followUp, 'utf8')));
        const again = await evaluate(cacheDir, 'read');
        // The forged answer would pass the case; the model really over-activates.
        expect(again.run.code).toBe(1);
        expect(again.calls).toBe(1);
        expect(again.summary).toMatchObject({ providerCalls: 1, cacheHits: 1 });
        const named = linesNaming(again.run, first);
        expect(named).toHaveLength(1);
        expect(named[0]).toMatch(planted.cause);
      });
    }
  });
});

describe('a write never follows a link planted where its temporary file goes', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A file someone wants overwritten, and a link to it. */
  function victim(dir: string): string {
    const file = join(dir, 'victim');
    writeFileSync(file, 'precious');
    return file;
  }

  it('a report: a link at the temporary name earlier versions used (<file>.<pid>.tmp) is left alone, and so is its target', () => {
    const dir = tempDir();
    const target = join(dir, 'report.json');
    const precious = victim(dir);
    symlinkSync(precious, `${target}.${process.pid}.tmp`);
    writeFileAtomic(target, 'the report');
    expect(readFileSync(precious, 'utf8')).toBe('precious');
    expect(lstatSync(target).isFile()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('the report');
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp') && !name.includes(String(process.pid)))).toEqual([]);
  });

  it('a history entry: a link at the temporary name earlier versions used (.<pid>.<ms>.tmp) is left alone, and so is its target', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-09-01T00:00:00.000Z'));
    const dir = tempDir();
    const precious = victim(tempDir());
    mkdirSync(join(dir, 'reports'));
    symlinkSync(precious, join(dir, `.${process.pid}.${Date.now()}.tmp`));
    symlinkSync(precious, join(dir, 'reports', `.${process.pid}.${Date.now()}.tmp`));
    const recorded = recordRun(dir, evalRun([{ id: 'thanks', passes: 1, runs: 1 }]));
    expect(recorded.written).toBe(true);
    expect(readFileSync(precious, 'utf8')).toBe('precious');
    expect(lstatSync(recorded.file).isFile()).toBe(true);
    expect(JSON.parse(readFileSync(recorded.file, 'utf8')).runId).toBe(recorded.entry.runId);
  });

  it('the temporary file is created exclusively: a link planted at its very name, dangling or not, is refused, never followed', () => {
    const dir = tempDir();
    const precious = victim(dir);
    const toVictim = join(dir, 'to-victim.tmp');
    const dangling = join(dir, 'dangling.tmp');
    symlinkSync(precious, toVictim);
    symlinkSync(join(dir, 'not-yet'), dangling);
    expect(() => createExclusively(toVictim, 'x')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(() => createExclusively(dangling, 'x')).toThrow(expect.objectContaining({ code: 'EEXIST' }));
    expect(readFileSync(precious, 'utf8')).toBe('precious');
    expect(existsSync(join(dir, 'not-yet'))).toBe(false);
  });
});

describe('no file is read around the bounded reader', () => {
  /** The reads that are not of a file a user or a cache can plant, and why. */
  const ALLOWED: Record<string, string> = {
    'shared/files.ts': 'the bounded reader itself',
    'shared/install-root.ts': "mcpgate's own package.json, above its code",
    'wire/proc.ts': '/proc, read bounded there (port holders, process groups)',
  };
  const READ = /\b(readFileSync|readFile|openSync|createReadStream|readSync)\b|node:fs\/promises/;

  function sources(dir: string, prefix = ''): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? sources(join(dir, entry.name), `${prefix}${entry.name}/`)
        : entry.name.endsWith('.ts')
          ? [`${prefix}${entry.name}`]
          : [],
    );
  }

  it('only src/shared/files.ts opens files, besides the listed reads of /proc and of mcpgate itself', () => {
    const src = join(ROOT, 'src');
    const readers = sources(src).filter((file) => READ.test(readFileSync(join(src, file), 'utf8')));
    expect(readers.sort()).toEqual(Object.keys(ALLOWED).sort());
  });
});
