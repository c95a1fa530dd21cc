// The audit's consequences in HTML: the
// reference's campaign with the mapping,
// and per dangerous cell whether it was
// reached, with its shrunk counterexample.
import type { AuditResult, ConsequenceCell } from '../../harness/audit/result.ts'
import { faultsLine, WORDS, type Replays } from '../kit/audit-words.ts'
import { anchor } from './audit-matrix.ts'
import { esc } from './escape.ts'

const STATUS: Readonly<Record<ConsequenceCell['status'], string>> = {
  reached: 'reached',
  'not-reached': 'not reached',
  lookalike: 'not in its own row',
  'not-fetch': 'not reachable (the reference calls through fetch)',
}

export function renderConsequences(r: AuditResult, replays: Replays): string {
  const c = r.consequences
  if (c.skipped) return `<p class="empty" data-consequences="skipped">Skipped: ${esc(c.skipped)}</p>`
  const violations = Object.entries(c.violations).filter(([, n]) => n > 0)
  const line = `<p data-consequences="ran"><code>${esc(c.executor)}</code> (the reference with this mapping), the usual judges: ${esc(c.runs)} generated runs, seed ${esc(c.seed)}, profile ${esc(c.profile)} — <b>${esc(c.failingRuns)} failing</b>${violations.length ? ` (${violations.map(([j, n]) => `${esc(j)} ${esc(n)}`).join(', ')})` : ''}; ${esc(c.unattributedRuns)} not attributed to a cell.</p>${unexplained(c)}`
  if (c.cells.length === 0) return `${line}<p class="empty">No dangerous cell, so nothing to reach.</p>`
  const rows = c.cells.map((x) => {
    const where =
      x.status === 'reached' && x.counterexample
        ? `<a href="#consequence-${esc(anchor(x.case))}">${esc(x.note)}</a>`
        : // Beside "not reached": not said twice.
          esc(x.status === 'not-reached' ? x.note.replace(/^not reached /, '') : x.note)
    return `<tr data-case="${esc(x.case)}" data-client="${esc(x.client)}" data-status="${x.status}"><td><code>${esc(x.case)}</code> × <code>${esc(x.client)}</code></td><td>${esc(WORDS[x.consequence] ?? x.consequence)}</td><td class="${x.status === 'reached' ? 'bad' : ''}">${esc(STATUS[x.status])}</td><td>${where}</td></tr>`
  })
  const table = `<div class="scroll"><table class="consequences"><thead><tr><th scope="col">dangerous cell</th><th scope="col">consequence</th><th scope="col">the campaign</th><th scope="col">where, or why not</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`
  const reached = c.cells.filter((x) => x.status === 'reached' && x.counterexample && x.client === 'fetch')
  return `${line}${table}${reached.map((x) => counterexample(r, x, replays[x.case])).join('\n')}`
}

function counterexample(r: AuditResult, x: ConsequenceCell, replay: Replays[string] | undefined): string {
  const ce = x.counterexample!
  const violations = ce.violations
    .map(
      (v, k) =>
        `<li class="violation" data-judge="${esc(v.judge)}"><b>✗${k + 1} ${esc(v.judge)}</b> ${esc(v.message)}</li>`,
    )
    .join('')
  const faults = faultsLine(ce.scenario.faults)
  const how = replay
    ? `<p class="replay-label">Saved to <code class="scenario-file">${esc(replay.savedTo)}</code>; replay it with</p><pre class="replay"><code>${esc(replay.replay)}</code></pre>`
    : `<p class="replay-label">Not saved: save the scenario below as a file, and replay it with</p><pre class="replay"><code>${esc(`faultline run <file> --mapping ${r.mapping}`)}</code></pre>`
  return `<section class="counterexample" id="consequence-${esc(anchor(x.case))}" data-case="${esc(x.case)}" data-judge="${esc(x.judge ?? '')}">
<h3><code>${esc(x.case)}</code> × fetch — ${esc(WORDS[x.consequence] ?? x.consequence)}</h3>
<p>Reached at ${esc(x.note)}. Minimal scenario: ${esc(ce.scenario.plan.length)} step(s); ${esc(faults || 'no fault')}.</p>
<ul class="violations">${violations}</ul>
${how}
<details class="scenario"><summary>Scenario (JSON)</summary><pre><code>${esc(JSON.stringify(ce.scenario, null, 2))}</code></pre></details>
</section>`
}

/** Each failing run no cell explains, to replay. */
function unexplained(c: AuditResult['consequences']): string {
  const runs = c.unattributed ?? []
  if (runs.length === 0) return ''
  const items = runs.map(
    (u) =>
      `<li data-unattributed="${esc(u.run)}">run ${esc(u.run)} (${esc(u.judges.join(', '))})${u.replay ? `: <code>${esc(u.replay)}</code>` : ''}</li>`,
  )
  return `<ul class="unattributed">${items.join('')}</ul>`
}
