// The published JSON Schemas keep step with what
// faultline writes: `npm run schemas` writes exactly
// the files the build does, each from its zod
// source; `audit-mapping --json` output validates
// against its schema by an independent validator
// (ajv, draft 2020-12), which refuses what breaks it.
import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { beforeAll, describe, expect, it } from 'vitest'
import { AUDIT_RESULT_SCHEMA } from '../../../harness/audit/result.ts'
import { main, type Io } from '../../../faultline/cli/main.ts'
import { PUBLISHED_SCHEMAS } from '../../../faultline/cli/published-schemas.ts'
import { scratchDir } from '../../support/scratch.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..')

describe('the published schemas', () => {
  let dir = ''
  beforeAll(() => {
    dir = scratchDir('cli-published')
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/schemas.ts', '--out', dir], { cwd: ROOT })
  })

  it('npm run schemas writes what npm run build publishes: the report, the scenario and the audit-mapping result', () => {
    expect(readdirSync(dir).sort()).toEqual(PUBLISHED_SCHEMAS.map((s) => s.file).sort())
    expect(readdirSync(dir)).toEqual(
      expect.arrayContaining(['report.schema.json', 'scenario.schema.json', 'audit-mapping.schema.json']),
    )
    for (const { file, schema } of PUBLISHED_SCHEMAS)
      expect(JSON.parse(readFileSync(join(dir, file), 'utf8')), file).toEqual(schema())
  })

  it('accepts what audit-mapping --json prints for an example mapping, and refuses what breaks it', async () => {
    const schema = JSON.parse(readFileSync(join(dir, 'audit-mapping.schema.json'), 'utf8'))
    expect(schema).toMatchObject({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: 'urn:faultline:schema:audit-mapping:1',
    })
    const ajv = new Ajv2020({ strict: true, allErrors: true })
    const validate = ajv.compile(schema)

    const out: string[] = []
    const io: Io = { out: (t) => out.push(t), err: () => {}, cwd: scratchDir('cli-audit-schema'), env: {} }
    const code = await main(
      [
        'audit-mapping',
        '--mapping',
        join(ROOT, 'examples', 'mappings', 'five-xx-as-rejected.ts'),
        '--clients',
        'fetch,http',
        '--runs',
        '130',
        '--workers',
        '1',
        '--json',
      ],
      io,
    )
    expect(code).toBe(1)
    const result = JSON.parse(out.join('\n'))
    // What makes the check worth something: dangerous
    // cells, a reached counterexample with its
    // scenario, file and replay.
    expect(result.counts.dangerous).toBeGreaterThan(0)
    expect(
      result.consequences.cells.find((c: { status: string }) => c.status === 'reached')?.counterexample,
    ).toMatchObject({ file: expect.any(String), replay: expect.any(String) })
    expect(validate(result), ajv.errorsText(validate.errors)).toBe(true)
    expect(AUDIT_RESULT_SCHEMA.safeParse(result).success).toBe(true)

    expect(validate({ ...result, extra: 1 })).toBe(false)
    const { verdict: _verdict, ...noVerdict } = result
    expect(validate(noVerdict)).toBe(false)
    expect(validate({ ...result, version: 2 })).toBe(false)
    expect(
      validate({ ...result, matrix: { ...result.matrix, cells: [{ ...result.matrix.cells[0], grade: 'fine' }] } }),
    ).toBe(false)
    const reached = result.consequences.cells.map((c: { counterexample: unknown }) =>
      c.counterexample
        ? { ...c, counterexample: { ...(c.counterexample as object), scenario: { nonsense: true } } }
        : c,
    )
    expect(validate({ ...result, consequences: { ...result.consequences, cells: reached } })).toBe(false)
  }, 120_000)
})
