// The body rows end to end: body-cut (the answer's
// start came, then the connection closed) and
// body-stall (it came, then nothing until the
// client's timeout). The ledger says applied for
// every client; correct.ts is never dangerous
// there; cut-body-as-not-sent.ts and
// timeout-as-rejected.ts are, and the campaign
// turns their fetch cells into replayable
// counterexamples.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AUDIT_RESULT_SCHEMA } from '../../../harness/audit/result.ts'
import { gradeCells, type MatrixCell } from '../../../harness/audit/grade-cells.ts'
import { runMatrix } from '../../../harness/audit/matrix.ts'
import { CLIENT_NAMES } from '../../../harness/contract/mapping.ts'
import { scratchDir } from '../../support/scratch.ts'
import { cli } from '../../faultline/cli/cli.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')
const BODY_ROWS = ['body-cut', 'body-stall']

async function bodyCells(module: string): Promise<MatrixCell[]> {
  const cells = gradeCells(
    await runMatrix({ mapping: join(ROOT, module), label: module, clients: [...CLIENT_NAMES], pool: { workers: 2 } }),
  )
  return cells.filter((c) => BODY_ROWS.includes(c.case))
}

const dangerous = (cells: readonly MatrixCell[]) =>
  cells
    .filter((c) => c.grade === 'dangerous')
    .map((c) => `${c.case} × ${c.client}: ${c.consequence}`)
    .sort()

describe('the body rows', () => {
  it('correct.ts: applied in the ledger for every client, no dangerous cell; each client shows its own error', async () => {
    const cells = await bodyCells('examples/mappings/correct.ts')
    expect(cells).toHaveLength(BODY_ROWS.length * CLIENT_NAMES.length)
    expect(new Set(cells.map((c) => c.truth))).toEqual(new Set(['applied']))
    expect(dangerous(cells)).toEqual([])
    const shown = (row: string, client: string) => cells.find((c) => c.case === row && c.client === client)!.observed
    // What the clients raise on a real socket
    // (test/fidelity/body-faults.test.ts).
    expect(shown('body-cut', 'fetch')).toBe('TypeError: terminated ← SocketError: other side closed [UND_ERR_SOCKET]')
    expect(shown('body-cut', 'http')).toBe('Error: aborted [ECONNRESET]')
    expect(shown('body-cut', 'axios')).toBe('AxiosError: stream has been aborted [ERR_BAD_RESPONSE] status 200')
    expect(shown('body-cut', 'stripe')).toContain('Failed to read the response body [ECONNRESET]')
    expect(shown('body-stall', 'fetch')).toContain('TimeoutError')
    expect(shown('body-stall', 'http')).toBe('Error: aborted [ECONNRESET]')
    expect(shown('body-stall', 'axios')).toBe('AxiosError: stream has been aborted [ERR_BAD_RESPONSE] status 200')
    expect(shown('body-stall', 'stripe')).toContain('Failed to read the response body [ETIMEDOUT]')
    // axios hands over the 200: correct.ts reads it.
    expect(cells.filter((c) => c.client === 'axios').map((c) => c.class)).toEqual(['applied', 'applied'])
  }, 180_000)

  it('cut-body-as-not-sent.ts: every cell whose client names the broken body is dangerous — duplicate effect', async () => {
    const cells = await bodyCells('examples/mappings/cut-body-as-not-sent.ts')
    expect(dangerous(cells)).toEqual(
      [
        'body-cut × fetch',
        'body-cut × http',
        'body-cut × axios',
        'body-cut × stripe',
        'body-stall × http',
        'body-stall × axios',
        'body-stall × stripe',
      ]
        .map((c) => `${c}: duplicate-effect`)
        .sort(),
    )
  }, 180_000)

  it('timeout-as-rejected.ts: a timeout during the body is no proof that nothing happened — false failure', async () => {
    const cells = await bodyCells('examples/mappings/timeout-as-rejected.ts')
    expect(dangerous(cells)).toEqual(['body-stall × fetch: false-failure', 'body-stall × stripe: false-failure'])
  }, 180_000)

  // Seed 1 first reaches body-cut at run 22 and
  // body-stall at run 50: some room for changes
  // to the generator.
  it.each([
    ['cut-body-as-not-sent', 'body-cut', 100],
    ['timeout-as-rejected', 'body-stall', 120],
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
