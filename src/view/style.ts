/** The viewer's additions to the report's stylesheet: navigation, filters, marks and two columns side by side. */

export const VIEW_STYLE = `
nav.view-nav { border-bottom: 1px solid var(--line); padding: 6px 0 8px; margin-bottom: 8px; }
nav.view-nav a { margin-right: 16px; font-weight: 600; }
.filters { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: 8px 0; }
.filters select, .filters button { font: inherit; }
.mark { display: inline-block; padding: 0 6px; border-radius: 3px; font-size: 12px; font-weight: 600; background: #ddf4ff; color: #0a3069; }
.mark-drift { background: #fff8c5; color: #6c4a00; }
.mark-server { background: #fbefff; color: #6e3696; }
tr.changed td.value { font-weight: 600; }
table.runs td, table.runs th { white-space: nowrap; }
table.runs td.reason { white-space: normal; min-width: 200px; max-width: 360px; }
.side-by-side { display: grid; grid-template-columns: 1fr 1fr; gap: 16px; align-items: start; }
.side-by-side > div { min-width: 0; }
details.view-warnings { background: #fff8c5; padding: 6px 10px; border-radius: 4px; margin: 8px 0; }
.view-runs-count { color: var(--muted); }
`;
