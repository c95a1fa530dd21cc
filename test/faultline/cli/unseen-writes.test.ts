// A file an executor writes through a native addon
// (better-sqlite3) is not seen by the write guard;
// the gate names it afterwards, on stderr, so state
// that outlives runs and commands is not a mystery.
import { closeSync, existsSync, openSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { watchWorkingDir } from '../../../faultline/cli/unseen-writes.ts'
import { scratchDir } from '../../support/scratch.ts'
import { cli, ROOT } from './cli.ts'

const OUTBOX = join(ROOT, 'test/fixtures/unseen-writes/sqlite-file-outbox.ts')

describe('files changed in the working directory while a campaign ran', () => {
  it('a SQLite file the executor keeps is named after the verdict; the corpus and outputs are not', async () => {
    const cwd = scratchDir('unseen-writes')
    const previous = process.env.OUTBOX_DB
    process.env.OUTBOX_DB = join(cwd, 'outbox.db')
    try {
      const r = await cli(
        ['gate', '--executor', OUTBOX, '--runs', '5', '--workers', '1', '--out', 'report.json', '--html', 'out/r.html'],
        cwd,
      )
      expect(r.code, r.err).toBe(0)
      expect(existsSync(join(cwd, 'outbox.db'))).toBe(true)
      expect(r.err).toMatch(
        /^faultline: outbox\.db changed in the working directory while the campaign ran, with no write faultline saw \(a native addon, such as better-sqlite3 on a file, or another command run there meanwhile\?\): .*keep it in ctx\.storage$/m,
      )
      expect(r.err).not.toMatch(/report\.json|out\b.*changed|\.faultline/)
    } finally {
      if (previous === undefined) delete process.env.OUTBOX_DB
      else process.env.OUTBOX_DB = previous
    }
  }, 120_000)

  // `gate --json > report.json` named report.json.
  it('leaves out the files its stdout and stderr go to, wherever they are opened', () => {
    const cwd = scratchDir('unseen-writes-streams')
    const fd = openSync(join(cwd, 'report.json'), 'w')
    try {
      const watch = watchWorkingDir(cwd, [fd])
      writeSync(fd, '{"passed":true}')
      writeFileSync(join(cwd, 'outbox.db'), 'x')
      expect(watch.note([])).toMatch(/^faultline: outbox\.db changed/)
      const unwatched = watchWorkingDir(cwd, [])
      writeSync(fd, '\n')
      expect(unwatched.note([])).toMatch(/^faultline: report\.json changed/)
    } finally {
      closeSync(fd)
    }
  })

  it('names nothing when nothing changed, and more than four by count', () => {
    const cwd = scratchDir('unseen-writes-unit')
    writeFileSync(join(cwd, 'kept.txt'), 'x')
    const quiet = watchWorkingDir(cwd)
    expect(quiet.note([])).toBeNull()
    const busy = watchWorkingDir(cwd)
    for (const n of [1, 2, 3, 4, 5, 6]) writeFileSync(join(cwd, `f${n}.db`), 'x')
    writeFileSync(join(cwd, 'report.json'), '{}')
    expect(busy.note([join(cwd, 'report.json')])).toMatch(
      /^faultline: f1\.db, f2\.db, f3\.db, f4\.db and 2 more changed/,
    )
  })
})
