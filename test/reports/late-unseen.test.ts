// Late effects a process sent after saying its
// tools get no deadline (seesDeadline: false)
// are not judged by the time left: self-declared,
// so the text and the Markdown say how many.
import { beforeAll, describe, expect, it } from 'vitest'
import type { GateReport } from '../../harness/campaign/report-schema.ts'
import { renderMarkdown } from '../../reports/markdown.ts'
import { renderGate } from '../../reports/text.ts'
import { gateOf, smallCompare } from './support/reports.ts'

let plain: GateReport

beforeAll(async () => {
  plain = gateOf(await smallCompare(), 'reference')
})

const unseen = (r: GateReport, n: number): GateReport => ({
  ...r,
  summary: { ...r.summary, lateEffects: r.summary.lateEffects + n, lateUnseen: n },
})

describe('late effects sent with no deadline given', () => {
  it('are named in the text and the Markdown, and only when there are some', () => {
    expect(renderGate(unseen(plain, 2))).toMatch(
      /late effects \d+ effect\(s\) .* \(2 sent by a process that said its tools get no deadline: seesDeadline false\)/,
    )
    expect(renderMarkdown(unseen(plain, 2))).toContain('(2 sent with no deadline given: seesDeadline false)')
    expect(plain.summary).not.toHaveProperty('lateUnseen')
    expect(renderGate(plain)).not.toContain('seesDeadline')
  })
})
