// The benches find the checkout from its
// source and from its build alike.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../../bench/checkout-root.ts'
import { builtPath, checkoutBuild } from '../../harness/supervisor/checkout-build.mjs'

const CHECKOUT = join(import.meta.dirname, '..', '..')

describe('checkout-root', () => {
  it('is the checkout from the source', () => {
    expect(ROOT).toBe(CHECKOUT)
  })

  it('is the checkout from the build, not the build', async () => {
    const built = builtPath(checkoutBuild(), join(CHECKOUT, 'bench/checkout-root.ts'))
    expect(built).toMatch(/node_modules\/\.cache\/faultline\/worker\/[^/]+\/bench\/checkout-root\.js$/)
    const mod = (await import(pathToFileURL(built).href)) as { ROOT: string }
    expect(mod.ROOT).toBe(CHECKOUT)
  })
})
