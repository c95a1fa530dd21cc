// Lines no CI runner reads as a command: a `::`
// opening a line (after blanks) and the older
// `##[` / `##vso[` prefixes anywhere get a
// backslash; JSON keeps its data (`\u005b`).
import { describe, expect, it } from 'vitest'
import { escapeData, escapeProperty, inertJson, inertLines } from '../../../reports/escape/workflow-command.ts'
import { HOSTILE_NAME, runnerCommands } from '../../support/actions-runner.ts'

describe('inertLines', () => {
  it('breaks a line-opening `::` and every old prefix, nothing else', () => {
    expect(inertLines('::error::a\n  ::warning::b\nx ::ok:: y')).toBe('\\::error::a\n  \\::warning::b\nx ::ok:: y')
    expect(inertLines('a ##[error]b ##vso[task.logissue]c ##VSO[x]')).toBe(
      'a ##\\[error]b ##vso\\[task.logissue]c ##VSO\\[x]',
    )
    // A single colon or an IPv6 host is left alone.
    expect(inertLines(':one\n::1 is a host')).toBe(':one\n\\::1 is a host')
    expect(inertLines('hosts: [::1]:443')).toBe('hosts: [::1]:443')
  })

  it('leaves no command in text that had many, and is idempotent', () => {
    const text = `${HOSTILE_NAME}\n\t::add-mask::secret\r::stop-commands::tok\n`
    expect(runnerCommands(text).length).toBeGreaterThan(2)
    const inert = inertLines(text)
    expect(runnerCommands(inert)).toEqual([])
    expect(inertLines(inert)).toBe(inert)
  })
})

describe('inertJson', () => {
  it('writes `[` after `##` as \\u005b: the same data, no command', () => {
    const data = { name: HOSTILE_NAME, list: ['##[group]x', '##vso[a]'] }
    const json = inertJson(JSON.stringify(data, null, 2))
    expect(runnerCommands(json)).toEqual([])
    expect(JSON.parse(json)).toEqual(data)
  })
})

describe('escapeData / escapeProperty', () => {
  it('are the toolkit escapes', () => {
    expect(escapeData('50% a\r\nb:c,d')).toBe('50%25 a%0D%0Ab:c,d')
    expect(escapeProperty('50% a\r\nb:c,d')).toBe('50%25 a%0D%0Ab%3Ac%2Cd')
  })
})
