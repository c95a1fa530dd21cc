// The resolve hook of process copies: a copy's
// number goes from a file to the files it imports,
// but not to packages (bar faultline's own files).
import { describe, expect, it } from 'vitest'
import { syncHooks } from '../../../harness/supervisor/copy-hooks.mjs'

const OWN = 'file:///app/node_modules/faultline/dist/'
const { resolve } = syncHooks(OWN)
/** What `to` resolves to when imported from `from`. */
const imported = (to: string, from: string | undefined) => resolve('x', { parentURL: from }, () => ({ url: to })).url
const copy = 'file:///app/src/refund.ts?faultline-process=2&tsx-namespace=ns'

describe('a file a copy imports', () => {
  it("is the copy's too: the team's files, faultline's own", () => {
    expect(imported('file:///app/src/outbox.ts', copy)).toBe('file:///app/src/outbox.ts?faultline-process=2')
    expect(imported(`${OWN}adapters/langchain/loop.js`, copy)).toBe(
      `${OWN}adapters/langchain/loop.js?faultline-process=2`,
    )
  })

  it('keeps its own query as written', () => {
    expect(imported('file:///app/src/q.ts?a%20b&flag', copy)).toBe(
      'file:///app/src/q.ts?a%20b&flag&faultline-process=2',
    )
  })

  it("is shared when it is a package's, or faultline's own packages'", () => {
    for (const url of [
      'file:///app/node_modules/langchain/dist/index.js',
      `${OWN}../node_modules/zod/index.js`,
      'node:fs',
      'data:text/javascript,export default 1',
    ])
      expect(imported(url, copy)).toBe(url)
  })

  it("is the first process's when nothing names a copy", () => {
    expect(imported('file:///app/src/outbox.ts', 'file:///app/src/refund.ts?tsx-namespace=ns')).toBe(
      'file:///app/src/outbox.ts',
    )
    expect(imported('file:///app/src/refund.ts', undefined)).toBe('file:///app/src/refund.ts')
  })
})
