import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const PROBE = join(import.meta.dirname, '../../fixtures/uncaught-guard-probe.ts')

describe('guardUncaught (in a process of its own: it patches `process` for good)', () => {
  it("sees every throw first: under the executor's capture callback (then calls it), and after its listeners are removed (put back, reported)", async () => {
    const stdout = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), PROBE],
        { timeout: 30_000 },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve(out)),
      ),
    )
    expect(JSON.parse(stdout)).toEqual({
      seen: [
        'exception: one, under a capture callback',
        "removed faultline's uncaughtException listener", // removeAllListeners('uncaughtException')
        "removed faultline's uncaughtException listener", // removeAllListeners()
        "removed faultline's unhandledRejection listener",
        'rejection: three, rejected',
        'exception: two, with the listeners removed',
      ],
      captured: ['one, under a capture callback'],
      has: true,
      again: 'ERR_UNCAUGHT_EXCEPTION_CAPTURE_ALREADY_SET',
      hasAfter: false,
    })
  })
})
