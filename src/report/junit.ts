import type { CheckResult, Evidence, Report } from './model.js';
import { groupByArea } from './group.js';
import type { JUnitCase, JUnitOutcome as Outcome } from './junit-case.js';
import { chaosSuites } from './junit-chaos.js';
import { coverageSuite } from './junit-coverage.js';
import { evalSuites } from './junit-eval.js';
import { hexEscape, replaceHidden } from './terminal-escape.js';
import { assertNever } from '../shared/guards.js';

interface TestCase {
  outcome: Outcome;
  durationMs: number;
  xml: string;
}

/** Stale expected-failure entries fail CI, so they get a suite of their own where CI viewers show them. */
const STALE_SUITE = 'expected-failures';

export function renderJUnit(report: Report): string {
  const suites: string[] = [];
  const all: TestCase[] = [];
  const addSuite = (name: string, cases: TestCase[], properties?: Record<string, string>): void => {
    all.push(...cases);
    suites.push(
      `  <testsuite name="${attr(name)}" ${countAttrs(cases)} time="${seconds(sum(cases))}" timestamp="${attr(report.startedAt)}">\n` +
        propertiesXml(properties) +
        cases.map((c) => c.xml).join('') +
        '  </testsuite>\n',
    );
  };

  for (const [area, checks] of groupByArea(report.checks)) addSuite(area, checks.map(checkCase));
  const stale = report.summary.staleExpectedFailures;
  if (stale.length > 0)
    addSuite(
      STALE_SUITE,
      stale.map((id) => staleCase(id, report.options.expectedFailuresFile)),
    );
  for (const suite of [...coverageSuite(report.coverage), ...evalSuites(report.eval), ...chaosSuites(report.chaos)])
    addSuite(suite.name, suite.cases.map(layerCase), suite.properties);

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="mcpgate" ${countAttrs(all)} time="${seconds(report.durationMs)}" timestamp="${attr(report.startedAt)}">\n` +
    suites.join('') +
    '</testsuites>\n'
  );
}

function checkCase(check: CheckResult): TestCase {
  const open =
    `    <testcase classname="mcpgate.${attr(check.area)}" name="${attr(`${check.id}: ${check.title}`)}"` +
    ` time="${seconds(check.durationMs)}"`;
  const make = (outcome: Outcome, body?: string): TestCase => ({
    outcome,
    durationMs: check.durationMs,
    xml: body === undefined ? `${open}/>\n` : `${open}>\n${body}    </testcase>\n`,
  });
  const tolerated = check.expectedFailure === true && (check.status === 'fail' || check.status === 'warn');

  if (tolerated) return make('skipped', skipped(`expected failure: ${check.message}`));
  switch (check.status) {
    case 'pass':
      return make('passed');
    case 'fail':
      return make('failure', element('failure', { message: check.message, type: check.level }, details(check)));
    // Listed or not, an error is the harness failing, never what an expected-failure entry tolerates.
    case 'error':
      return make('error', element('error', { message: check.message, type: 'error' }, details(check)));
    case 'warn':
      return make('passed', element('system-out', {}, details(check)));
    case 'skip':
      return make('skipped', skipped(check.message));
    case 'not_measured':
      return make('skipped', skipped(`not measured: ${check.message}`));
    default:
      return assertNever(check.status, 'check status');
  }
}

function layerCase(c: JUnitCase): TestCase {
  const open = `    <testcase classname="${attr(c.classname)}" name="${attr(c.name)}" time="${seconds(c.durationMs)}"`;
  const message = c.message ?? '';
  const body =
    c.outcome === 'failure' || c.outcome === 'error'
      ? element(c.outcome, { message, type: c.type ?? c.outcome }, c.details ?? message)
      : c.outcome === 'skipped'
        ? skipped(message)
        : c.details
          ? element('system-out', {}, c.details)
          : undefined;
  return { outcome: c.outcome, durationMs: c.durationMs, xml: body === undefined ? `${open}/>\n` : `${open}>\n${body}    </testcase>\n` };
}

function staleCase(id: string, file: string | undefined): TestCase {
  const message = `${id} is listed as an expected failure but passes now; remove it from ${file ?? 'the expected-failures file'}`;
  return {
    outcome: 'failure',
    durationMs: 0,
    xml:
      `    <testcase classname="mcpgate.${STALE_SUITE}" name="${attr(`${id}: stale expected failure`)}" time="0.000">\n` +
      element('failure', { message, type: 'stale-expected-failure' }, message) +
      '    </testcase>\n',
  };
}

function details(check: CheckResult): string {
  const lines = [`${check.id}: ${check.message}`, `level: ${check.level}`];
  if (check.specRef) lines.push(`spec: ${check.specRef}`);
  if (check.fix) lines.push(`fix: ${check.fix}`);
  for (const evidence of check.evidence) lines.push(...evidenceLines(evidence));
  return lines.join('\n');
}

function evidenceLines(evidence: Evidence): string[] {
  const lines = [evidence.label ? `evidence (${evidence.label}):` : 'evidence:'];
  for (const [name, value] of [
    ['sent', evidence.sent],
    ['received', evidence.received],
    ['expected', evidence.expected],
  ] as const) {
    if (value !== undefined) lines.push(`  ${name}:`, ...value.split(/\r?\n/).map((line) => `    ${line}`));
  }
  return lines;
}

/** JUnit's schema puts a suite's properties before its test cases. */
function propertiesXml(properties: Record<string, string> | undefined): string {
  if (properties === undefined) return '';
  const items = Object.entries(properties).map(([name, value]) => `      <property name="${attr(name)}" value="${attr(value)}"/>\n`);
  return `    <properties>\n${items.join('')}    </properties>\n`;
}

function skipped(message: string): string {
  return `      <skipped message="${attr(message)}"/>\n`;
}

function element(name: string, attrs: Record<string, string>, body: string): string {
  const attrText = Object.entries(attrs)
    .map(([key, value]) => ` ${key}="${attr(value)}"`)
    .join('');
  return `      <${name}${attrText}>${text(body)}</${name}>\n`;
}

function countAttrs(cases: readonly TestCase[]): string {
  const count = (outcome: Outcome): number => cases.filter((c) => c.outcome === outcome).length;
  return `tests="${cases.length}" failures="${count('failure')}" errors="${count('error')}" skipped="${count('skipped')}"`;
}

const sum = (cases: readonly TestCase[]): number => cases.reduce((total, c) => total + c.durationMs, 0);
const seconds = (ms: number): string => (ms / 1000).toFixed(3);

/**
 * Controls, bidi and invisible characters (terminal-escape.ts's set; a CI viewer shows a character
 * reference as the character itself) are written as visible `\u202e` text, tab and line breaks kept.
 * What is left outside XML 1.0's Char production (U+FFFE/U+FFFF) cannot be escaped at all; a server
 * echoing it must not make the file unparseable.
 */
const ILLEGAL_XML_CHARS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

function text(value: string): string {
  return replaceHidden(value, (c, codePoint) => (c === '\t' || c === '\n' || c === '\r' ? c : hexEscape(codePoint)))
    .replace(ILLEGAL_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Attribute values are normalised by XML parsers, so line breaks and tabs are kept as character references. */
function attr(value: string): string {
  return text(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}
