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

  // A team's CI has no vendor secrets: the
  // SDK's own words said nothing of faultline.
  it('says no real key is needed when an SDK refuses to be built without one, naming the variable where it can', () => {
    const resend = loadProblem(new Error('Missing API key. Pass it to the constructor `new Resend("re_123")`'))
    expect(resend).toMatch(
      /^Missing API key\. .*no real key is needed: .*e\.g\. RESEND_API_KEY=re_test_faultline faultline gate/,
    )
    const openai = loadProblem(
      new Error(
        'The OPENAI_API_KEY environment variable is missing or empty; either provide it, or instantiate the OpenAI client with an apiKey option',
      ),
    )
    expect(openai).toMatch(/e\.g\. OPENAI_API_KEY=placeholder faultline gate/)
    expect(loadProblem(new Error('No credentials for the client'))).toMatch(/set a placeholder, the variable it reads,/)
    expect(loadProblem(new Error('boom'))).toBe('boom')
  })

  // ai 6 installed for ai 7: a missing export,
  // with nothing said of the version.
  it('says which version of a peer faultline works with when the installed one lacks an export', () => {
    const e = new SyntaxError("The requested module 'ai/test' does not provide an export named 'MockLanguageModelV4'")
    expect(loadProblem(e)).toBe(
      `The requested module 'ai/test' does not provide an export named 'MockLanguageModelV4' (faultline works with ai ^7.0.0: npm install --save-dev "ai@^7.0.0")`,
    )
    // Not a peer, or a file: as it was.
    const other = new SyntaxError("The requested module './x.ts' does not provide an export named 'y'")
    expect(loadProblem(other)).toMatch(/^SyntaxError: The requested module '\.\/x\.ts'/)
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
