// Forwarding what an executor prints: the Actions
// runner reads workflow commands on stderr as on
// stdout (actions/runner ScriptHandler.cs), so a
// forwarded line never is one, however the text
// is cut into chunks; the rest passes as printed.
import { describe, expect, it, vi } from 'vitest'
import { commandSafeOutput, toStderr } from '../../../harness/supervisor/command-safe-output.ts'
import { runnerCommands } from '../../support/actions-runner.ts'

function forward(chunks: readonly string[]): string {
  let out = ''
  const write = commandSafeOutput((t) => {
    out += t
  })
  for (const c of chunks) write(c)
  return out
}

const PRINTED = [
  '::error::forged\n',
  '  ::warning title=x::indented\n',
  'mid ##[error]old style\r::notice::after a bare CR\n',
  '\t::add-mask::x ##vso[task.logissue type=error]y\n',
  'plain \u001b[32mgreen\u001b[0m output: 3 items\n',
]

describe('commandSafeOutput', () => {
  it('breaks every command, whole chunks', () => {
    const text = PRINTED.join('')
    expect(runnerCommands(text).length).toBe(5)
    const out = forward(PRINTED)
    expect(runnerCommands(out)).toEqual([])
    expect(out).toContain('\\::error::forged\n')
    expect(out).toContain('\r\\::notice::')
    // Colours and ordinary colons pass as printed.
    expect(out).toContain('plain \u001b[32mgreen\u001b[0m output: 3 items\n')
  })

  it('breaks them however the text is cut: every cut of every line', () => {
    const text = PRINTED.join('')
    for (let i = 1; i < text.length; i++) {
      for (const j of [i + 1, i + 3, i + 7]) {
        const out = forward([text.slice(0, i), text.slice(i, j), text.slice(j)])
        expect(runnerCommands(out), `cut at ${i}, ${j}`).toEqual([])
      }
    }
  })

  it('adds nothing to output with no colon or bracket at a risky place', () => {
    const text = 'refund 1 ok\nattempt 2: 503\n[debug] key=abc\n'
    expect(forward([text])).toBe(text)
  })
})

describe("toStderr, the pool's default output", () => {
  it('writes to stderr with the commands broken', () => {
    const written: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((text) => (written.push(String(text)), true))
    try {
      toStderr('::error::forged\n')
    } finally {
      spy.mockRestore()
    }
    expect(written).toEqual(['\\::error::forged\n'])
  })
})
