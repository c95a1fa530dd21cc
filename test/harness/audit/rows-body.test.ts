// The body rows end to end: body-cut (the answer's
// start came, then the connection closed) and
// body-stall (it came, then nothing until the
// client's timeout). The ledger says applied for
// every client; correct.ts is never dangerous
// there; cut-body-as-not-sent.ts and
// timeout-as-rejected.ts are (their cells:
// matrix.test.ts, one matrix per example), and
// the campaign turns their fetch cells into
// replayable counterexamples.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_RESULT_SCHEMA } from '../../../harness/audit/result.ts'
import { scratchDir } from '../../support/scratch.ts'
import { cli } from '../../faultline/cli/cli.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')

describe('the body rows', () => {
  // Seed 1 first reaches body-cut at run 32 and
  // body-stall at run 139: some room for changes
  // to the generator.
  it.each([
    ['cut-body-as-not-sent', 'body-cut', 100],
    ['timeout-as-rejected', 'body-stall', 180],
  ] as const)(
    '%s.ts from the CLI: exit 1; %s × fetch reached by the campaign (seed 1, %i runs), its counterexample replays',
    async (name, row, runs) => {
      const cwd = scratchDir('audit-body')
      const mapping = join(ROOT, 'examples', 'mappings', `${name}.ts`)
      const args = ['audit-mapping', '--mapping', mapping, '--clients', 'fetch', '--runs', String(runs)]
      const r = await cli([...args, '--seed', '1', '--json', '--workers', '2'], cwd)
      expect(r.code).toBe(1)
      const result = AUDIT_RESULT_SCHEMA.parse(JSON.parse(r.out))
      const cell = result.consequences.cells.find((c) => c.case === row && c.client === 'fetch')
      expect(cell, `${row} × fetch is not among the consequences`).toBeDefined()
      expect(cell!.status).toBe('reached')
      expect(cell!.counterexample!.reproduced).toBe(true)
      expect(cell!.counterexample!.scenario.faults.some((f) => f.kind === row)).toBe(true)
      const replay = await cli(['run', cell!.counterexample!.file!, '--mapping', mapping, '--json'], cwd)
      expect(replay.code).toBe(1)
    },
    600_000,
  )
})
