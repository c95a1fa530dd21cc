// An example mapping's audit as a team runs it
// (the CLI, fetch only, seed 1), and a reached
// cell's counterexample replayed: it fails with
// the wrong mapping, passes with correct.ts.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { AUDIT_RESULT_SCHEMA, type AuditResult } from '../../../../harness/audit/result.ts'
import { cli } from '../../../faultline/cli/cli.ts'
import { scratchDir } from '../../../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
export const example = (name: string) => join(ROOT, 'examples', 'mappings', `${name}.ts`)

export interface CliAudit {
  readonly cwd: string
  readonly code: number
  readonly result: AuditResult
}

export async function auditFromCli(mapping: string, runs: number): Promise<CliAudit> {
  const cwd = scratchDir(`cli-audit-${mapping}`)
  const args = ['audit-mapping', '--mapping', example(mapping), '--clients', 'fetch', '--runs', String(runs)]
  const r = await cli([...args, '--json', '--workers', '2'], cwd)
  return { cwd, code: r.code, result: AUDIT_RESULT_SCHEMA.parse(JSON.parse(r.out)) }
}

/** `id` × fetch was reached; its saved scenario replays. */
export async function expectReachedAndReplays(audit: CliAudit, mapping: string, id: string): Promise<void> {
  const reached = audit.result.consequences.cells.find((c) => c.case === id && c.client === 'fetch')
  expect(reached, `${id}, seed 1`).toMatchObject({ status: 'reached' })
  const file = `audit-${mapping}-${id.replace(/[^A-Za-z0-9_-]/g, '_')}.json`
  const saved = join(audit.cwd, 'reports', 'out', file)
  expect(JSON.parse(readFileSync(saved, 'utf8'))).toEqual(reached!.counterexample!.scenario)
  expect((await cli(['run', saved, '--mapping', example(mapping)], audit.cwd)).code).toBe(1)
  expect((await cli(['run', saved, '--mapping', example('correct')], audit.cwd)).code).toBe(0)
}

/** Exit 1: each of `rows` × fetch read "not sent", a duplicate. */
export function expectNotSentDangerous(audit: CliAudit, rows: readonly string[]): void {
  expect(audit.code).toBe(1)
  expect(audit.result.verdict).toBe('fail')
  for (const id of rows)
    expect(audit.result.matrix.cells.find((c) => c.case === id && c.client === 'fetch')).toMatchObject({
      class: 'not-sent',
      grade: 'dangerous',
      consequence: 'duplicate-effect',
    })
}
