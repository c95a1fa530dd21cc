// One counterexample: violations, replay,
// scenario, timeline, history as text.
import { describeEvent } from './describe.ts'
import { esc } from './escape.ts'
import type { HtmlCounterexample } from './input.ts'
import { renderLegend } from './legend.ts'
import { renderTimelineSvg } from './timeline.ts'

export function renderCounterexample(c: HtmlCounterexample, index: number): string {
  const violations = c.violations
    // Messages usually start with their call:
    // it is not said twice.
    .map(
      (v, k) =>
        `<li class="violation" data-judge="${esc(v.judge)}"><b>✗${k + 1} ${esc(v.judge)}</b>${v.call && !v.message.startsWith(v.call) ? ` <code>${esc(v.call)}</code>:` : ''} ${esc(v.message)}</li>`,
    )
    .join('')
  const width = Math.max(6, ...c.history.map((e) => String(e.t).length))
  const lines = c.history.map((e) => `${String(e.t).padStart(width)} ms  ${describeEvent(e)}`).join('\n')
  return `<section class="counterexample" id="counterexample-${index + 1}" data-executor="${esc(c.executor)}" data-judge="${esc(c.judge)}">
<h3><span class="executor">${esc(c.executor)}</span> — ${esc(c.judge)}</h3>
<ul class="violations">${violations}</ul>
<p class="replay-label">Replay it with</p>
<pre class="replay"><code>${esc(c.replay)}</code></pre>
${scenario(c)}
<h4>Sequence timeline</h4>
<div class="scroll timeline-wrap">${renderTimelineSvg(c.history, c.violations)}</div>
${renderLegend()}
<details class="history-text"><summary>History as text (${c.history.length} events)</summary><pre>${esc(lines)}</pre></details>
</section>`
}

/**
 * The scenario folded, with its file; the
 * file alone where that is all there is.
 */
function scenario(c: HtmlCounterexample): string {
  const file = c.scenarioFile === null ? '' : ` — <code class="scenario-file">${esc(c.scenarioFile)}</code>`
  if (c.scenarioJson === null) return `<p class="scenario">Scenario${file}</p>`
  return `<details class="scenario"><summary>Scenario (JSON)${file}</summary><pre><code>${esc(c.scenarioJson)}</code></pre></details>`
}
