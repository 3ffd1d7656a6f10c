/**
 * Every file format a report can be written in, in one typed table: its command-line flag, its file
 * name inside a report directory (`mcpgate run`), and its renderer. `Format` is the table's keys, so a
 * format named anywhere (a flag, mcpgate.yaml's `report.formats`) has a renderer, and adding one is one
 * entry here. Renderers see only the Report model. Each renderer is imported only when its format is
 * written: the option table is read by every command at start-up, and the renderers pull in the whole
 * zod report contract, which a plain `mcpgate check` never needs.
 */

import { writeFileAtomic } from '../shared/files.js';
import { masked, type Masked } from './masked.js';
import type { HistoryEntry, Report } from './model.js';

/** What a renderer may use beside the report: the run history (charts) and a file to anchor SARIF results on. */
export interface RenderContext {
  history?: HistoryEntry[];
  anchorFile?: string;
}

export interface FormatSpec {
  /** The command-line flag (without its dashes) that names the output file: `junit` is `--junit <file>`. */
  flag: string;
  description: string;
  /** The file name `mcpgate run` writes in its report directory. */
  fileName: string;
  render: (report: Report, context: RenderContext) => Promise<string>;
  /** The same text in parts, for a format whose files grow with the run (written without the text whole). */
  renderParts?: (report: Report) => Promise<Iterable<string>>;
}

export const FORMATS = {
  json: {
    flag: 'report',
    description: 'write the JSON report',
    fileName: 'report.json',
    render: async (report) => (await import('./json.js')).renderJson(report),
    renderParts: async (report) => (await import('./json.js')).renderJsonParts(report),
  },
  junit: {
    flag: 'junit',
    description: 'write JUnit XML',
    fileName: 'junit.xml',
    render: async (report) => (await import('./junit.js')).renderJUnit(report),
  },
  markdown: {
    flag: 'markdown',
    description: 'write a Markdown summary (for $GITHUB_STEP_SUMMARY or a PR comment)',
    fileName: 'summary.md',
    render: async (report, context) => (await import('./markdown.js')).renderMarkdown(report, context.history),
  },
  sarif: {
    flag: 'sarif',
    description: 'write SARIF 2.1.0 for code scanning',
    fileName: 'mcpgate.sarif',
    render: async (report, context) =>
      (await import('./sarif.js')).renderSarif(report, context.anchorFile ? { anchorFile: context.anchorFile } : {}),
  },
  html: {
    flag: 'html',
    description: 'write a self-contained HTML report with charts',
    fileName: 'report.html',
    render: async (report, context) => (await import('./html/index.js')).renderHtml(report, context.history),
  },
} as const satisfies Record<string, FormatSpec>;

export type Format = keyof typeof FORMATS;
export const FORMAT_NAMES = Object.keys(FORMATS) as Format[];

/** Output file per format; absent formats are not written. */
export type OutputFiles = Partial<Record<Format, string>>;

/**
 * Writes each requested format whole or not at all (a temporary file renamed into place). The report
 * and the history are masked once, before any renderer sees them: every string in them may hold what a
 * server echoed, and a renderer added later then cannot leak what the others mask. The same step
 * replaces lone UTF-16 surrogates by U+FFFD (masked.ts), so that no format is invalid Unicode.
 */
export async function writeReports(report: Report, files: OutputFiles, context: RenderContext = {}): Promise<void> {
  // Masking walks every string of the report: a run that writes no file (check --quiet) skips it.
  if (!FORMAT_NAMES.some((format) => files[format])) return;
  await writeMaskedReports(masked(report), files, context);
}

/** writeReports for a report the caller masked already, to print the same copy without a second walk. */
export async function writeMaskedReports(report: Masked<Report>, files: OutputFiles, context: RenderContext = {}): Promise<void> {
  if (!FORMAT_NAMES.some((format) => files[format])) return;
  const maskedContext = masked(context);
  for (const format of FORMAT_NAMES) {
    const file = files[format];
    const spec: FormatSpec = FORMATS[format];
    if (file) writeFileAtomic(file, spec.renderParts ? await spec.renderParts(report) : await spec.render(report, maskedContext));
  }
}
