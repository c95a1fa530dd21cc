// Under the lanes, per tool call: the
// ledger's truth beside what the executor
// reported; violated lines in warning red.
import type { Envelope } from '../../harness/contract/envelope.ts'
import type { History } from '../../harness/history/history.ts'
import { eventDetail } from './describe.ts'
import { el, fit, MONO, text, title, wrap } from './svg.ts'
import { duration } from './time.ts'
import { COLORS, statusColor } from './colors.ts'
import type { ViolationMarks } from './violation-marks.ts'

interface Line {
  readonly seq: number
  readonly text: string
  readonly color: string
  readonly tooltip: string
  readonly eventType: string
}

interface CallBlock {
  readonly call: string
  readonly effects: Line[]
  readonly reports: Line[]
}

const FONT = 11
const LINE_H = 16

/** Per call, in order of first appearance. */
export function ledgerByCall(history: History): CallBlock[] {
  const blocks = new Map<string, CallBlock>()
  const block = (call: string) => {
    let b = blocks.get(call)
    if (!b) blocks.set(call, (b = { call, effects: [], reports: [] }))
    return b
  }
  for (const e of history) {
    if (e.type === 'call-started') block(e.call)
    else if (e.type === 'effect-applied')
      block(e.call ?? '(outside any call)').effects.push({
        seq: e.seq,
        eventType: e.type,
        tooltip: eventDetail(e),
        color: COLORS.effect,
        text: `✎ ${e.effectType} ${e.effect} (${e.amount}) · attempt ${e.attempt} · ${duration(e.t)}${e.target ? ` · on ${e.target}` : ''}`,
      })
    else if (e.type === 'outcome-reported')
      block(e.call).reports.push({
        seq: e.seq,
        eventType: e.type,
        tooltip: eventDetail(e),
        color: statusColor(e.envelope.status),
        text: `ask ${e.ask} → ${envelopeText(e.envelope)} · ${duration(e.t)}`,
      })
    else if (e.type === 'abort-reported')
      block(`${e.run}#abort`).reports.push({
        seq: e.seq,
        eventType: e.type,
        tooltip: eventDetail(e),
        color: COLORS.ink,
        text: e.supported
          ? `abort → ${e.envelopes.map(envelopeText).join(', ') || 'nothing to compensate'} · ${duration(e.t)}`
          : 'abort → the executor has no abort()',
      })
  }
  return [...blocks.values()]
}

function envelopeText(env: Envelope): string {
  return `${env.status}${env.effect ? ` ${env.effect.id}` : ''}${env.compensates ? ` for ${env.compensates.id}` : ''} (${env.action_taken})`
}

/** The panel from `y` down: SVG and height. */
export function renderLedgerPanel(
  history: History,
  marks: ViolationMarks,
  x: number,
  y: number,
  width: number,
): { svg: string; height: number } {
  const blocks = ledgerByCall(history)
  if (!blocks.length) return { svg: '', height: 0 }
  const callW = Math.min(200, width * 0.2)
  const colW = (width - callW) / 2
  const xs = [x, x + callW, x + callW + colW]
  const out: string[] = []
  out.push(
    text(
      { x, y: y + 14, 'font-size': 13, 'font-weight': 'bold', fill: COLORS.ink },
      'Ledger vs. report, per tool call',
    ),
  )
  const heads = ['tool call', 'ledger: effects that really happened', 'reported by the executor']
  heads.forEach((h, i) => out.push(text({ x: xs[i]!, y: y + 34, 'font-size': FONT, fill: COLORS.muted }, h)))
  let cy = y + 42
  for (const b of blocks) {
    const cells: string[] = [
      text({ x: xs[0]!, y: cy + 16, 'font-size': FONT, fill: COLORS.ink }, fit(b.call, callW - 8, FONT)),
    ]
    // Items wrap to 3 lines; a block is as
    // tall as its taller column.
    const column = (lines: readonly Line[], cx: number, empty: string): number => {
      if (!lines.length) {
        cells.push(text({ x: cx, y: cy + 16, 'font-size': FONT, fill: COLORS.muted }, empty))
        return 1
      }
      let row = 0
      for (const l of lines) {
        const v = marks.bySeq.get(l.seq)
        const wrapped = wrap(`${v ? `${v.map((k) => `✗${k + 1}`).join(' ')} ` : ''}${l.text}`, colW - 16, FONT, 3)
        cells.push(
          el(
            'g',
            { class: v ? 'ledger-line violation' : 'ledger-line', 'data-seq': l.seq, 'data-event-type': l.eventType },
            title(l.tooltip),
            v
              ? el('rect', {
                  x: cx - 4,
                  y: cy + 4 + row * LINE_H,
                  width: colW - 6,
                  height: wrapped.length * LINE_H,
                  rx: 3,
                  fill: COLORS.violationBand,
                })
              : '',
            ...wrapped.map((w, j) =>
              text(
                {
                  x: cx + (j ? 12 : 0),
                  y: cy + 16 + (row + j) * LINE_H,
                  'font-size': FONT,
                  fill: v ? COLORS.violation : l.color,
                  'font-weight': v ? 'bold' : null,
                },
                w,
              ),
            ),
          ),
        )
        row += wrapped.length
      }
      return row
    }
    const n = Math.max(column(b.effects, xs[1]!, '— no effect —'), column(b.reports, xs[2]!, '— no report —'))
    out.push(el('line', { x1: x, x2: x + width, y1: cy, y2: cy, stroke: COLORS.grid }))
    out.push(el('g', { class: 'ledger-call', 'data-call': b.call }, ...cells))
    cy += n * LINE_H + 8
  }
  out.push(el('line', { x1: x, x2: x + width, y1: cy, y2: cy, stroke: COLORS.grid }))
  return { svg: el('g', { class: 'ledger', 'font-family': MONO }, ...out), height: cy - y + 4 }
}
