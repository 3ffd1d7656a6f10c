/** The report's stylesheet, inlined so the file works offline; colours pass WCAG AA on white. */

export const STYLE = `
:root { color-scheme: light; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; --bg-soft: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); margin: 0 auto; max-width: 1200px; padding: 16px 24px 48px; }
h1 { font-size: 1.6em; margin: 0.2em 0; }
h2 { border-bottom: 1px solid var(--line); padding-bottom: 4px; margin-top: 2em; }
h3 { margin-top: 1.6em; }
code, pre { font: 12px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre { background: var(--bg-soft); padding: 8px; overflow-x: auto; white-space: pre-wrap; word-break: break-all; margin: 0; }
table { border-collapse: collapse; width: 100%; margin: 8px 0 16px; }
caption { text-align: left; color: var(--muted); padding: 4px 0; }
th, td { border-bottom: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
thead th { background: var(--bg-soft); }
dl.header { display: grid; grid-template-columns: max-content 1fr; gap: 2px 16px; margin: 8px 0; }
dl.header dt { color: var(--muted); }
dl.header dd { margin: 0; word-break: break-all; }
dl.evidence { margin: 6px 0; }
dl.evidence dt { font-weight: 600; margin-top: 4px; }
dl.evidence dd { margin: 0; }
.muted, .note { color: var(--muted); }
.verdict { display: inline-block; padding: 4px 10px; border-radius: 4px; font-weight: 700; }
.verdict-pass { background: #dafbe1; color: #116329; }
.verdict-fail { background: #ffebe9; color: #a40e26; }
.verdict-known { background: #fff1c2; color: #6c4a00; border: 1px solid #d4a72c; }
details.not-passing ul { margin: 4px 0; padding-left: 20px; }
.st { display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 12px; font-weight: 600; }
.st-pass { background: #dafbe1; color: #116329; }
.st-fail { background: #ffebe9; color: #a40e26; }
.st-warn, .st-not_measured { background: #fff8c5; color: #6c4a00; }
.st-skip { background: #eff2f5; color: #59636e; }
.st-error { background: #fbefff; color: #6e3696; }
.alert { background: #ffebe9; padding: 6px 10px; border-radius: 4px; }
.coverage { background: var(--bg-soft); padding: 6px 10px; border-radius: 4px; }
.coverage-partial { background: #fff8c5; color: #6c4a00; border: 1px solid #d4a72c; }
.fix { margin: 4px 0; }
.controls button { font: inherit; }
figure { margin: 8px 0 16px; }
figcaption { color: var(--muted); font-size: 12px; }
.scroll { overflow-x: auto; }
svg.chart text { font: 11px system-ui, sans-serif; fill: var(--fg); }
svg.chart text.muted { fill: var(--muted); font-style: italic; }
svg.chart .grid { stroke: var(--line); stroke-width: 1; }
svg.chart .spark polyline { fill: none; stroke: #4f6fd8; stroke-width: 1.5; }
svg.chart .spark circle { fill: #4f6fd8; }
svg.chart .flaky rect { stroke: #6c4a00; stroke-width: 1.5; stroke-dasharray: 4 2; }
table.history td { vertical-align: middle; }
details.area > summary { cursor: pointer; }
details.area > summary > h3 { display: inline; font-size: 1.17em; }
details.area { margin-top: 1.6em; }
dl.header.gate-baseline dd { word-break: normal; overflow-wrap: anywhere; }
dl.terms dt { margin-top: 4px; }
dl.terms dd { margin: 0 0 0 16px; }
abbr[title] { text-decoration: underline dotted; }
.label { color: var(--muted); font-size: 12px; margin-top: 4px; }
details.trajectory { border: 1px solid var(--line); border-radius: 4px; padding: 4px 8px; margin: 6px 0; }
details.trajectory > summary { cursor: pointer; }
.sample { border-top: 1px solid var(--line); margin-top: 6px; padding-top: 4px; }
.sample h4 { margin: 4px 0; }
ol.steps > li { margin: 6px 0; }
.step { font-weight: 600; }
.field-change { margin: 2px 0 6px; }
`;
