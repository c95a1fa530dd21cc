// What fs.readSync and fs.writeSync call is put
// back over an executor's replacement, even with
// a `get` on Object.prototype.
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keptBinding } from '../../../harness/supervisor/kept-binding.ts'
import { scratchDir } from '../../support/scratch.ts'

const binding = (process as unknown as { binding(name: string): Record<string, unknown> }).binding('fs')

describe('keptBinding', () => {
  it('puts back a replaced writeBuffer, so a write writes what it was given', () => {
    const original = Object.getOwnPropertyDescriptor(binding, 'writeBuffer')!
    const kept = keptBinding(['read', 'writeBuffer'])
    const path = join(scratchDir('kept-binding'), 'written.txt')
    const fd = openSync(path, 'w')
    try {
      binding.writeBuffer = () => 0 // writes nothing, says so
      let restored = false
      Object.defineProperty(Object.prototype, 'get', { value: () => 1, configurable: true, writable: true })
      try {
        restored = kept.restore()
      } finally {
        delete (Object.prototype as Record<string, unknown>).get
      }
      expect(restored).toBe(true)
      expect(binding.writeBuffer).toBe(original.value)
      writeSync(fd, Buffer.from('kept'))
    } finally {
      Object.defineProperty(binding, 'writeBuffer', original)
      closeSync(fd)
    }
    expect(readFileSync(path, 'utf8')).toBe('kept')
  })

  it('puts back each name it keeps, and skips one that is not there', () => {
    const original = Object.getOwnPropertyDescriptor(binding, 'read')!
    const kept = keptBinding(['read', 'nothing' as 'read'])
    try {
      binding.read = () => 0
      expect(kept.restore()).toBe(true)
      expect(binding.read).toBe(original.value)
      expect(Object.hasOwn(binding, 'nothing')).toBe(false)
    } finally {
      Object.defineProperty(binding, 'read', original)
    }
  })
})
