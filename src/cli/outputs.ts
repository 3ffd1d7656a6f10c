/** Writes a finished report in every format the user asked for; one place for all commands. */

import type { Option } from 'commander';
import { Option as CommanderOption } from 'commander';
import { renderHtml } from '../report/html/index.js';
import { renderJson } from '../report/json.js';
import { renderJUnit } from '../report/junit.js';
import { renderMarkdown } from '../report/markdown.js';
import type { HistoryEntry, Report } from '../report/model.js';
import { renderSarif } from '../report/sarif.js';
import { writeFileAtomic } from './files.js';

export interface OutputFiles {
  report?: string;
  junit?: string;
  markdown?: string;
  sarif?: string;
  html?: string;
}

export function outputOptions(): Option[] {
  return [
    new CommanderOption('--report <file>', 'write the JSON report'),
    new CommanderOption('--junit <file>', 'write JUnit XML'),
    new CommanderOption('--markdown <file>', 'write a Markdown summary (for $GITHUB_STEP_SUMMARY or a PR comment)'),
    new CommanderOption('--sarif <file>', 'write SARIF 2.1.0 for code scanning'),
    new CommanderOption('--html <file>', 'write a self-contained HTML report with charts'),
  ];
}

export function writeOutputs(report: Report, files: OutputFiles, options: { history?: HistoryEntry[]; anchorFile?: string } = {}): void {
  if (files.report) writeFileAtomic(files.report, renderJson(report));
  if (files.junit) writeFileAtomic(files.junit, renderJUnit(report));
  if (files.markdown) writeFileAtomic(files.markdown, renderMarkdown(report, options.history));
  if (files.sarif) writeFileAtomic(files.sarif, renderSarif(report, options.anchorFile ? { anchorFile: options.anchorFile } : {}));
  if (files.html) writeFileAtomic(files.html, renderHtml(report, options.history));
}
