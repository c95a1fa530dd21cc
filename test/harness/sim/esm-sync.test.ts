import * as cryptoEsm from 'node:crypto'
import { createRequire } from 'node:module'
import * as osEsm from 'node:os'
import { describe, expect, it } from 'vitest'
import { forwardUntilReleased, syncBuiltinExports, syncOnceAfter } from '../../../harness/sim/esm-sync.ts'

// node:os's CommonJS face: its changes reach the
// ESM namespace only through a sync.
const osCjs = createRequire(import.meta.url)('node:os') as typeof import('node:os')
const original = osCjs.hostname

function patchHostname(value: typeof osCjs.hostname): void {
  osCjs.hostname = value
  syncBuiltinExports()
}

describe('syncOnceAfter', () => {
  it('outside a batch, a part that syncs is seen by ESM imports at once', () => {
    const fake = () => 'patched.test'
    try {
      patchHostname(fake)
      expect(osEsm.hostname).toBe(fake)
    } finally {
      patchHostname(original)
    }
    expect(osEsm.hostname).toBe(original)
  })

  it('holds the syncs of its parts back to one at its end', () => {
    const first = () => 'first.test'
    const second = () => 'second.test'
    try {
      syncOnceAfter(() => {
        patchHostname(first)
        expect(osEsm.hostname).toBe(original) // held back
        syncOnceAfter(() => patchHostname(second)) // nested: still held by the outer one
        expect(osEsm.hostname).toBe(original)
      })
      expect(osEsm.hostname).toBe(second)
    } finally {
      patchHostname(original)
    }
  })

  it('syncs at its end also when its work throws', () => {
    const fake = () => 'thrown.test'
    try {
      expect(() =>
        syncOnceAfter(() => {
          patchHostname(fake)
          throw new Error('install failed')
        }),
      ).toThrow('install failed')
      expect(osEsm.hostname).toBe(fake)
    } finally {
      patchHostname(original)
    }
  })
})

describe('forwardUntilReleased', () => {
  // crypto is forwarded (export-forwarders.ts).
  const cryptoCjs = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto')
  const originalUuid = cryptoCjs.randomUUID

  it('shows ESM a CommonJS patch with no sweep while held, and the plain export after', () => {
    const release = forwardUntilReleased()
    try {
      cryptoCjs.randomUUID = () => '00000000-0000-4000-8000-000000000000'
      expect(cryptoEsm.randomUUID()).toBe('00000000-0000-4000-8000-000000000000')
      cryptoCjs.randomUUID = originalUuid
      expect(cryptoEsm.randomUUID()).not.toBe('00000000-0000-4000-8000-000000000000')
      expect(cryptoEsm.randomUUID).not.toBe(originalUuid) // a forwarder
    } finally {
      cryptoCjs.randomUUID = originalUuid
      release()
    }
    expect(cryptoEsm.randomUUID).toBe(originalUuid)
  })

  it('keeps forwarding until the last hold is released', () => {
    const first = forwardUntilReleased()
    const second = forwardUntilReleased()
    first()
    first() // twice: one release
    expect(cryptoEsm.randomUUID).not.toBe(originalUuid)
    second()
    expect(cryptoEsm.randomUUID).toBe(originalUuid)
  })
})
