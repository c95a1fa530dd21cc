// A scenario file: read when it is one; a FIFO, a
// device or a huge file refused unread, in one line.
import { truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readScenarioFile } from '../../../harness/jobs/scenario-file.ts'
import { UsageError } from '../../../harness/jobs/usage-error.ts'
import { fifo, stopFifoHelpers, thrownQuickly } from '../../support/fifo.ts'
import { refundScenario } from '../../support/scenario.ts'
import { scratchDir } from '../../support/scratch.ts'

afterEach(stopFifoHelpers)

const usage = (f: () => unknown): string => {
  const e = thrownQuickly(f)
  expect(e).toBeInstanceOf(UsageError)
  return (e as Error).message
}

describe('readScenarioFile', () => {
  it('reads a scenario', () => {
    const dir = scratchDir('scenario-file')
    writeFileSync(join(dir, 's.json'), JSON.stringify(refundScenario()))
    expect(readScenarioFile('s.json', dir).name).toBe(refundScenario().name)
  })

  it('refuses a FIFO at once', () => {
    const dir = scratchDir('scenario-file')
    fifo(dir, 's.json')
    expect(usage(() => readScenarioFile('s.json', dir))).toBe(
      'scenario file s.json is a FIFO, not a regular file (give the path to a .json scenario)',
    )
  })

  it('refuses /dev/zero unread', () => {
    expect(usage(() => readScenarioFile('/dev/zero', '/'))).toBe(
      'scenario file /dev/zero is a character device, not a regular file (give the path to a .json scenario)',
    )
  })

  it('refuses a file over 16 MB by its size', () => {
    const dir = scratchDir('scenario-file')
    writeFileSync(join(dir, 'big.json'), '')
    truncateSync(join(dir, 'big.json'), 16 * 2 ** 20 + 1)
    expect(usage(() => readScenarioFile('big.json', dir))).toBe(
      'scenario file big.json is larger than 16 MB; a scenario is a few KB (give the path to a .json scenario)',
    )
  })

  it('still says to check the path of a missing file', () => {
    expect(usage(() => readScenarioFile('nope.json', scratchDir('scenario-file')))).toBe(
      'cannot read scenario file nope.json (check the path)',
    )
  })
})
