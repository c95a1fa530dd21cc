// JUnit XML, as CI test tabs read it; per
// jenkinsci/xunit-plugin's junit-10.xsd.
// No time attributes: a report has no
// wall-clock figure (same campaign, same
// bytes).
import { attrs, xmlText } from './xml.ts'

export interface JunitCase {
  readonly name: string
  readonly classname: string
  /**
   * failure: the property did not hold;
   * error: the code under test broke;
   * skipped: not computed.
   */
  readonly outcome: {
    readonly kind: 'failure' | 'error' | 'skipped'
    readonly type: string
    readonly message: string
    readonly details: string
  } | null
}

export interface JunitSuite {
  readonly name: string
  readonly properties: readonly (readonly [string, string])[]
  readonly cases: readonly JunitCase[]
}

export function junitXml(name: string, suites: readonly JunitSuite[]): string {
  const count = (s: JunitSuite, kind: 'failure' | 'error' | 'skipped') =>
    s.cases.filter((c) => c.outcome?.kind === kind).length
  const total = (pick: (s: JunitSuite) => number) => suites.reduce((n, s) => n + pick(s), 0)
  const out = ['<?xml version="1.0" encoding="UTF-8"?>']
  out.push(
    `<testsuites${attrs({ name, tests: total((s) => s.cases.length), failures: total((s) => count(s, 'failure')), errors: total((s) => count(s, 'error')) })}>`,
  )
  for (const s of suites) {
    out.push(
      `  <testsuite${attrs({ name: s.name, tests: s.cases.length, failures: count(s, 'failure'), errors: count(s, 'error'), skipped: count(s, 'skipped') })}>`,
    )
    if (s.properties.length) {
      out.push('    <properties>')
      for (const [k, v] of s.properties) out.push(`      <property${attrs({ name: k, value: v })}/>`)
      out.push('    </properties>')
    }
    for (const c of s.cases) {
      const head = `    <testcase${attrs({ name: c.name, classname: c.classname })}`
      if (!c.outcome) {
        out.push(`${head}/>`)
        continue
      }
      const o = c.outcome
      const body = o.details ? `>${xmlText(o.details)}</${o.kind}>` : '/>'
      out.push(`${head}>`, `      <${o.kind}${attrs({ type: o.type, message: o.message })}${body}`, '    </testcase>')
    }
    out.push('  </testsuite>')
  }
  out.push('</testsuites>')
  return `${out.join('\n')}\n`
}
