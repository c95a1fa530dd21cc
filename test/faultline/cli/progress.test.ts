// The progress line: on a terminal only, in place,
// cleared at the end; done, failing, runs/s and ETA
// by the given clock; colour unless NO_COLOR is set
// (no-color.org: present, not empty) or TERM=dumb.
import { describe, expect, it } from 'vitest'
import type { Io } from '../../../faultline/cli/io.ts'
import { progressOn } from '../../../faultline/cli/progress.ts'

function terminal(env: Record<string, string>, columns = 200) {
  const writes: string[] = []
  let t = 0
  const io: Io = {
    out: () => {},
    err: () => {},
    cwd: '.',
    env,
    tty: { columns, write: (s) => void writes.push(s) },
    now: () => t,
  }
  return { io, writes, tick: (ms: number) => (t += ms) }
}

describe('progress', () => {
  it('draws nothing when stderr is not a terminal', () => {
    expect(progressOn({ out: () => {}, err: () => {}, cwd: '.', env: {} }, 'gate x', 10)).toBeNull()
    expect(progressOn({ out: () => {}, err: () => {}, cwd: '.', env: {}, tty: null }, 'gate x', 10)).toBeNull()
  })

  it('shows runs done, failing, the rate and the ETA, redrawn in place at most ten times a second, and clears the line', () => {
    const { io, writes, tick } = terminal({ NO_COLOR: '1' })
    const p = progressOn(io, 'gate naive', 100)!
    for (let i = 0; i < 50; i++) {
      tick(20)
      p.run(i === 10)
    }
    // 50 runs over 1 s: at most one draw per 100 ms.
    expect(writes.length).toBeLessThanOrEqual(11)
    expect(writes.length).toBeGreaterThanOrEqual(9)
    for (const w of writes) expect(w.startsWith('\r\u001b[2K')).toBe(true)
    expect(writes.at(-1)).toMatch(/^\r\u001b\[2Kgate naive 4\d\/100 runs · 1 failing · 50\.0 runs\/s · ETA 1\.\d s$/)
    p.doing('shrinking') // drawn at once
    expect(writes.at(-1)).toBe('\r\u001b[2Kgate naive 50/100 runs · 1 failing · 50.0 runs/s · ETA 1.0 s · shrinking')
    p.end()
    expect(writes.at(-1)).toBe('\r\u001b[2K')
    expect(writes.join('')).not.toMatch(/\u001b\[(31|2|0)m/) // NO_COLOR: no colour at all
  })

  it('colours the failures unless NO_COLOR is set (an empty NO_COLOR does not count) or TERM is dumb, and never overflows the terminal', () => {
    for (const [env, coloured] of [
      [{}, true],
      [{ NO_COLOR: '' }, true],
      [{ NO_COLOR: 'yes' }, false],
      [{ TERM: 'dumb' }, false],
    ] as const) {
      const { io, writes, tick } = terminal(env)
      const p = progressOn(io, 'compare naive (2/3)', 10)!
      tick(500)
      p.run(true)
      p.doing('pass^3')
      expect(writes.join('').includes('\u001b[31m'), JSON.stringify(env)).toBe(coloured)
    }
    const { io, writes, tick } = terminal({ NO_COLOR: '1' }, 30)
    const p = progressOn(io, 'compare a-very-long-executor-name (1/24)', 10)!
    tick(200)
    p.run(false)
    expect(writes.at(-1)!.replace('\r\u001b[2K', '').length).toBe(29)
  })
})
