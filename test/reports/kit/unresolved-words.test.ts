// The unresolved rate says what it means when
// there is some, in the text and the Markdown;
// none gets only its count.
import { beforeAll, describe, expect, it } from 'vitest'
import type { GateReport } from '../../../harness/campaign/report-schema.ts'
import { renderMarkdown } from '../../../reports/markdown.ts'
import { renderGate } from '../../../reports/text.ts'
import { unresolvedWords } from '../../../reports/kit/unresolved-words.ts'
import { gateOf, smallCompare } from '../support/reports.ts'

let report: GateReport

beforeAll(async () => {
  report = gateOf(await smallCompare(), 'reference')
})

describe('the unresolved rate in words', () => {
  it('explains UNKNOWN only when some calls ended there', () => {
    expect(unresolvedWords({ rate: 0, unresolved: 0, calls: 12 })).toBe('0.0% (0 of 12 tool calls)')
    const some = unresolvedWords({ rate: 0.25, unresolved: 3, calls: 12 })
    expect(some).toMatch(/^25\.0% \(3 of 12 tool calls last reported UNKNOWN: /)
    expect(some).toContain('a look before answering')
  })

  it('is the line the text and the Markdown print', () => {
    const u = report.summary.unresolved
    expect(u.unresolved).toBeGreaterThan(0)
    expect(renderGate(report)).toContain(`  unresolved   ${unresolvedWords(u)}`)
    expect(renderMarkdown(report)).toContain(unresolvedWords(u))
  })
})
