import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { aiSdkExecutor } from '../../../adapters/ai-sdk/ai-sdk-executor.ts'
import { belowRange, peerVersionProblem } from '../../../adapters/core/peer-version.ts'
import { scratchDir } from '../../support/scratch.ts'

// A project whose node_modules holds `ai` at
// `version`; `from` is a file in it.
function projectWith(version: string): string {
  const dir = scratchDir('peer')
  mkdirSync(join(dir, 'node_modules', 'ai'), { recursive: true })
  writeFileSync(join(dir, 'node_modules', 'ai', 'package.json'), JSON.stringify({ name: 'ai', version }))
  return pathToFileURL(join(dir, 'src', 'tools.js')).href
}

describe('a framework older than the range faultline declares', () => {
  it('is named with the version found, the range and the install command', () => {
    const problem = peerVersionProblem('ai', projectWith('6.0.325'))
    expect(problem).toBe(
      `ai 6.0.325 is installed, older than faultline's adapter works with (ai ^7.0.0): npm install --save-dev "ai@^7.0.0"`,
    )
  })

  it('in the range, newer, or not a peer, says nothing', () => {
    expect(peerVersionProblem('ai', projectWith('7.0.173'))).toBeNull()
    expect(peerVersionProblem('ai', projectWith('8.0.1'))).toBeNull()
    expect(peerVersionProblem('ai', projectWith('7.2.0-beta.1'))).toBeNull()
    expect(peerVersionProblem('left-pad', projectWith('7.0.0'))).toBeNull()
  })

  it('the installed AI SDK adapter loads: this checkout is in range', () => {
    expect(() => aiSdkExecutor({ name: 't', tools: {}, binding: {} })).not.toThrow()
  })

  it("below a caret range's floor: an older major, minor or patch; a newer one is let through", () => {
    expect(belowRange('6.9.9', '^7.0.0')).toBe(true)
    expect(belowRange('7.0.173', '^7.0.0')).toBe(false)
    expect(belowRange('8.0.0', '^7.0.0')).toBe(false)
    expect(belowRange('1.31.9', '^1.32.0')).toBe(true)
    expect(belowRange('0.19.4', '^0.20.0')).toBe(true)
    expect(belowRange('0.21.0', '^0.20.0')).toBe(false)
    expect(belowRange('1.0.0', '>=1.2.0')).toBe(false)
  })
})
