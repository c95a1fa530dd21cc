// A module that does not load is one line that
// says where (a syntax error) or what to do (a
// package to install); another class of error
// keeps its name.
import { describe, expect, it } from 'vitest'
import { loadProblem } from '../../../harness/supervisor/load-problem.ts'

describe('loadProblem', () => {
  it("names an esbuild syntax error's file, line and column", () => {
    const e = Object.assign(new Error('Transform failed'), {
      errors: [{ text: 'Expected ";" but found "x"', location: { file: 'tool.ts', line: 3, column: 7 } }],
    })
    expect(loadProblem(e)).toBe('syntax error at tool.ts:3:7: Expected ";" but found "x"')
    expect(loadProblem(new Error('Transform failed:\n\ntool.ts:9:2: ERROR: Unexpected "}"'))).toBe(
      'syntax error at tool.ts:9:2: Unexpected "}"',
    )
  })

  it('says how to install a package the module imports', () => {
    const e = Object.assign(new Error("Cannot find package 'stripe' imported from /x/tool.ts"), {
      code: 'ERR_MODULE_NOT_FOUND',
    })
    expect(loadProblem(e)).toMatch(/stripe/)
    expect(loadProblem(e)).toMatch(/npm (i|install)/)
  })

  it("keeps a plain Error's first line, another class's name, and survives a trap", () => {
    expect(loadProblem(new Error('boom\n    at x'))).toBe('boom')
    expect(loadProblem(new TypeError('bad'))).toMatch(/TypeError/)
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
      },
    )
    expect(typeof loadProblem(trap)).toBe('string')
  })
})
