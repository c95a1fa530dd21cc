// Corpus entries of another profile or pair, not replayed:
// every form of a gate's report names them, and
// none counts them as a pass or a failure.
import { beforeAll, expect, it } from 'vitest'
import type { GateReport } from '../../harness/campaign/report-schema.ts'
import { htmlReportFrom } from '../../reports/html/from-report.ts'
import { renderJunit } from '../../reports/junit.ts'
import { renderMarkdown } from '../../reports/markdown.ts'
import { renderGate } from '../../reports/text.ts'
import { gateOf, smallCompare } from './support/reports.ts'
import { junitCases } from './support/junit-check.ts'

let report: GateReport
const file = '.faultline/corpus/effect-after-deadline--reference--e4488cac32ed.json'

beforeAll(async () => {
  const gate = gateOf(await smallCompare(), 'reference')
  report = { ...gate, corpusElsewhere: [{ file, profile: 'hostile' }] }
})

it('names them in the text, the Markdown, JUnit (skipped) and the HTML (unchecked)', () => {
  expect(renderGate(report)).toContain(`    · ${file} (hostile)`)
  expect(renderMarkdown(report)).toMatch(
    /Not replayed: 1 corpus entry saved under profile hostile, .*--profile hostile/,
  )
  const cases = junitCases(renderJunit(report)).filter((c) => c.name === `corpus ${file}`)
  expect(cases).toEqual([expect.objectContaining({ outcome: expect.objectContaining({ kind: 'skipped' }) })])
  const check = htmlReportFrom(report).checks?.find((c) => c.detail.startsWith(file))
  expect(check).toMatchObject({ ok: null, label: 'saved counterexample not replayed' })
  expect(htmlReportFrom(report).verdict.passed).toBe(report.passed)
})

it("names another pair's entries with their vendors, in every form, apart from another profile's", () => {
  const square = '.faultline/corpus/executor-fault--reference--0d0434fc907b.json'
  const both: GateReport = {
    ...report,
    corpusElsewhere: [...(report.corpusElsewhere ?? []), { file: square, profile: 'vendor', vendors: 'square+resend' }],
  }
  expect(renderGate(both)).toContain(`    · ${square} (square+resend, vendor)`)
  expect(renderMarkdown(both)).toMatch(
    /Not replayed: 1 corpus entry saved under profile hostile, .*; 1 corpus entry saved under vendors square\+resend, which this gate does not play: gate with --vendors payments=square,email=resend to replay it/,
  )
  const cases = junitCases(renderJunit(both)).filter((c) => c.name === `corpus ${square}`)
  expect(cases).toEqual([expect.objectContaining({ outcome: expect.objectContaining({ kind: 'skipped' }) })])
  const check = htmlReportFrom(both).checks?.find((c) => c.detail.startsWith(square))
  expect(check?.detail).toContain('saved under vendors square+resend, which this gate does not play')
})

it('an entry of another pair saved under a hostile profile too: the gate named needs both flags', () => {
  const square = '.faultline/corpus/effect-after-deadline--reference--1c2d3e4f5a6b.json'
  const both: GateReport = {
    ...report,
    corpusElsewhere: [{ file: square, profile: 'hostile', vendors: 'square+resend' }],
  }
  expect(renderGate(both)).toContain('gate with --vendors payments=square,email=resend --profile hostile to replay it')
})
