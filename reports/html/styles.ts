// The inlined stylesheet (system fonts, so
// nothing external).
export const STYLES = `
:root { color-scheme: light; }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 1500px; padding: 24px 32px 64px; font: 14px/1.5 system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; color: #1f2328; background: #fff; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, 'DejaVu Sans Mono', monospace; font-size: 12.5px; }
pre { background: #f6f8fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 10px 12px; overflow-x: auto; white-space: pre; }
h1 { font-size: 20px; margin: 8px 0 2px; }
h2 { font-size: 18px; margin: 36px 0 10px; padding-bottom: 4px; border-bottom: 1px solid #d0d7de; }
h3 { font-size: 16px; margin: 0 0 8px; }
h4 { font-size: 14px; margin: 18px 0 6px; }
.verdict { font-size: 22px; font-weight: 700; margin: 0; padding: 10px 16px; border-radius: 8px; }
.verdict .badge { display: inline-block; padding: 0 10px; margin-right: 10px; border-radius: 6px; color: #fff; }
.verdict.pass { background: #dafbe1; color: #1a7f37; } .verdict.pass .badge { background: #1a7f37; }
.verdict.fail { background: #ffebe9; color: #cf222e; } .verdict.fail .badge { background: #cf222e; }
.subtitle { color: #57606a; margin: 0 0 8px; }
.scroll { overflow-x: auto; }
:is(table.leaderboard, table.coverage) { border-collapse: collapse; font-variant-numeric: tabular-nums; }
:is(table.leaderboard, table.coverage) th, :is(table.leaderboard, table.coverage) td { padding: 4px 10px; border-bottom: 1px solid #d0d7de; text-align: left; white-space: nowrap; }
:is(table.leaderboard, table.coverage) thead th { background: #f6f8fa; font-weight: 600; }
:is(table.leaderboard, table.coverage) td.num { text-align: right; }
:is(table.leaderboard, table.coverage) td.bad { color: #cf222e; font-weight: 600; }
:is(table.leaderboard, table.coverage) td.good { color: #1a7f37; }
:is(table.leaderboard, table.coverage) td.zero, .na { color: #8c959f; }
table.figures { border-collapse: collapse; font-variant-numeric: tabular-nums; }
table.figures th, table.figures td { padding: 3px 12px 3px 0; text-align: left; vertical-align: baseline; }
table.figures th { font-weight: 600; white-space: nowrap; }
table.figures td.value { font-weight: 600; white-space: nowrap; }
table.figures td.note { color: #57606a; }
#figures h3 { margin: 18px 0 6px; }
ul.checks { list-style: none; padding: 0; margin: 0; }
ul.checks li { padding: 4px 10px; margin: 4px 0; border-left: 4px solid #8c959f; border-radius: 3px; background: #f6f8fa; }
ul.checks li.pass { border-color: #1a7f37; } ul.checks li.pass b { color: #1a7f37; }
ul.checks li.fail { border-color: #c4122f; background: #ffe3e6; } ul.checks li.fail b { color: #c4122f; }
abbr { text-decoration: underline dotted; cursor: help; }
.legend { color: #57606a; font-size: 12.5px; }
.charts { display: flex; flex-wrap: wrap; gap: 8px 48px; }
.charts figure { margin: 0; }
figcaption { font-weight: 600; margin: 8px 0 4px; }
.empty { color: #8c959f; font-style: italic; }
nav.toc ol { margin: 4px 0; padding-left: 22px; }
.counterexample { border: 1px solid #d0d7de; border-radius: 8px; padding: 16px 20px; margin: 20px 0; }
.counterexample .executor { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
ul.violations { list-style: none; padding: 0; margin: 0 0 8px; }
ul.violations li { color: #1f2328; background: #ffe3e6; border-left: 4px solid #c4122f; padding: 4px 10px; margin: 4px 0; border-radius: 3px; }
ul.violations li b { color: #c4122f; }
.replay-label { margin: 10px 0 2px; color: #57606a; }
details > summary { cursor: pointer; color: #0969da; margin: 6px 0; }
.timeline-wrap { border: 1px solid #d0d7de; border-radius: 6px; }
.timeline-wrap svg { display: block; }
ul.timeline-legend { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 18px; padding: 0; margin: 8px 0; font-size: 12.5px; color: #57606a; }
ul.timeline-legend li { display: flex; align-items: center; gap: 6px; }
svg .ev:hover > text { text-decoration: underline; }
@media print { details > pre { display: block; } .scroll { overflow: visible; } }
`

// The audit-mapping page's own rules.
export const AUDIT_STYLES = `
nav.sections ol { display: flex; flex-wrap: wrap; gap: 4px 20px; list-style: none; padding: 0; margin: 12px 0 0; }
:is(table.matrix, table.sources, table.consequences) { border-collapse: collapse; font-size: 13px; }
:is(table.matrix, table.sources, table.consequences) th, :is(table.matrix, table.sources, table.consequences) td { padding: 5px 8px; border: 1px solid #d0d7de; text-align: left; vertical-align: top; }
:is(table.matrix, table.sources, table.consequences) thead th { background: #f6f8fa; font-weight: 600; }
table.matrix th[scope=row] { white-space: nowrap; }
table.matrix th[scope=row] small, table.matrix td small { display: block; color: #57606a; font-weight: 400; }
table.matrix td { min-width: 150px; max-width: 260px; }
table.matrix td .class { font-weight: 700; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
.grade { display: inline-block; padding: 0 6px; border-radius: 4px; font-size: 11.5px; font-weight: 600; margin-left: 4px; }
.g-right { background: #f3fbf5; } .g-right .grade { background: #dafbe1; color: #1a7f37; }
.g-costly { background: #fffbe6; } .g-costly .grade { background: #fff1b8; color: #7d4e00; }
.g-dangerous { background: #ffebe9; } .g-dangerous .grade { background: #cf222e; color: #fff; }
.g-faulty { background: #fbefff; } .g-faulty .grade { background: #8250df; color: #fff; }
.consequence { display: block; font-weight: 600; color: #cf222e; }
ol.dangerous-cells { padding-left: 22px; }
ol.dangerous-cells > li { border-left: 4px solid #cf222e; background: #fff5f5; border-radius: 3px; padding: 6px 12px; margin: 8px 0; }
ol.dangerous-cells > li.g-faulty { border-color: #8250df; background: #fbefff; }
dl.cell { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0 0; }
dl.cell dt { color: #57606a; } dl.cell dd { margin: 0; }
table.sources td.departs { background: #ffebe9; font-weight: 600; }
table.sources td.none { color: #8c959f; }
table.consequences td.bad { color: #cf222e; font-weight: 600; }
:is(#matrix, #sources) h3 { margin: 18px 0 6px; }
`
