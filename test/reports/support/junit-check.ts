// A strict JUnit XML check: well-formed XML 1.0
// (fast-xml-parser's XMLValidator, plus what it
// lets through: non-Char characters, '<' in an
// attribute, a bare '&'), then the structure of
// Jenkins' junit-10.xsd (jenkinsci/xunit-plugin,
// src/main/resources/org/jenkinsci/plugins/xunit/
// types/model/xsd/junit-10.xsd):
//   testsuites: testsuite children; name, time,
//     tests, failures, errors
//   testsuite: name, tests, failures, errors
//     required; children testsuite, properties,
//     testcase, system-out, system-err; SUREFIRE_TIME
//   properties: property (name, value required)
//   testcase: name required (time, classname,
//     group); children skipped, error, failure,
//     rerun*/flaky*, system-out, system-err
//   failure, error, skipped: type, message, text
// and, beyond the XSD, suite counts match cases.
import { XMLParser, XMLValidator } from 'fast-xml-parser'

type Node = Record<string, unknown> & { ':@'?: Record<string, string> }

const ALLOWED: Record<string, { attrs: readonly string[]; required: readonly string[]; children: readonly string[] }> =
  {
    testsuites: { attrs: ['name', 'time', 'tests', 'failures', 'errors'], required: [], children: ['testsuite'] },
    testsuite: {
      attrs: [
        'name',
        'tests',
        'failures',
        'errors',
        'group',
        'time',
        'skipped',
        'timestamp',
        'hostname',
        'id',
        'package',
        'file',
        'log',
        'url',
      ],
      required: ['name', 'tests', 'failures', 'errors'],
      children: ['testsuite', 'properties', 'testcase', 'system-out', 'system-err'],
    },
    properties: { attrs: [], required: [], children: ['property'] },
    property: { attrs: ['name', 'value'], required: ['name', 'value'], children: [] },
    testcase: {
      attrs: ['name', 'time', 'classname', 'group'],
      required: ['name'],
      children: [
        'skipped',
        'error',
        'failure',
        'rerunFailure',
        'rerunError',
        'flakyFailure',
        'flakyError',
        'system-out',
        'system-err',
      ],
    },
    failure: { attrs: ['type', 'message'], required: [], children: ['#text'] },
    error: { attrs: ['type', 'message'], required: [], children: ['#text'] },
    skipped: { attrs: ['type', 'message'], required: [], children: ['#text'] },
  }
const SUREFIRE_TIME = /^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$/

function xmlChar(cp: number): boolean {
  return (
    cp === 0x9 ||
    cp === 0xa ||
    cp === 0xd ||
    (cp >= 0x20 && cp <= 0xd7ff) ||
    (cp >= 0xe000 && cp <= 0xfffd) ||
    (cp >= 0x10000 && cp <= 0x10ffff)
  )
}

export function junitProblems(xml: string): string[] {
  const problems: string[] = []
  const valid = XMLValidator.validate(xml)
  if (valid !== true) return [`not well-formed: ${valid.err.msg} (line ${valid.err.line})`]
  for (const ch of xml)
    if (!xmlChar(ch.codePointAt(0)!))
      problems.push(`character U+${ch.codePointAt(0)!.toString(16)} is not allowed in XML 1.0`)
  for (const m of xml.matchAll(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);|&/g)) {
    if (!m[1]) problems.push(`a bare & at ${m.index}`)
    else if (m[1].startsWith('#')) {
      const cp = m[1][1] === 'x' ? parseInt(m[1].slice(2), 16) : parseInt(m[1].slice(1), 10)
      if (!xmlChar(cp)) problems.push(`character reference &${m[1]}; is not an XML 1.0 character`)
    } else if (!['amp', 'lt', 'gt', 'quot', 'apos'].includes(m[1])) problems.push(`undefined entity &${m[1]};`)
  }
  for (const m of xml.matchAll(/\s[\w:-]+="([^"]*)"/g))
    if (m[1]!.includes('<')) problems.push(`a '<' in an attribute value: ${m[0].slice(0, 60)}`)
  if (!xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')) problems.push('no XML declaration')
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    preserveOrder: true,
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
  }).parse(xml) as Node[]
  const roots = doc.filter((n) => !('?xml' in n) && !('#text' in n))
  if (roots.length !== 1 || !('testsuites' in roots[0]!)) return [...problems, 'the root is not one <testsuites>']
  const check = (node: Node, path: string) => {
    const name = Object.keys(node).find((k) => k !== ':@')!
    if (name === '#text') return
    const rule = ALLOWED[name]
    if (!rule) return problems.push(`${path}: unknown element <${name}>`)
    const attrs = node[':@'] ?? {}
    for (const a of Object.keys(attrs))
      if (!rule.attrs.includes(a)) problems.push(`${path}: <${name}> has no attribute ${a}`)
    for (const a of rule.required) if (attrs[a] === undefined) problems.push(`${path}: <${name}> needs ${a}`)
    if (attrs.time !== undefined && !SUREFIRE_TIME.test(attrs.time))
      problems.push(`${path}: time "${attrs.time}" is not SUREFIRE_TIME`)
    const children = (node[name] as Node[]) ?? []
    for (const c of children) {
      const cn = Object.keys(c).find((k) => k !== ':@')!
      if (
        cn === '#text'
          ? name !== 'failure' && name !== 'error' && name !== 'skipped' && !/^\s*$/.test(String(c['#text']))
          : !rule.children.includes(cn)
      )
        problems.push(`${path}: <${cn}> is not allowed in <${name}>`)
      check(c, `${path}/${cn}`)
    }
    if (name === 'testcase') {
      const outcomes = children.filter((c) => 'failure' in c || 'error' in c || 'skipped' in c)
      if (outcomes.length > 1) problems.push(`${path}: more than one failure/error/skipped`)
    }
    if (name === 'testsuite') {
      const cases = children.filter((c) => 'testcase' in c)
      const count = (kind: string) => cases.filter((c) => (c.testcase as Node[]).some((x) => kind in x)).length
      for (const [attr, n] of [
        ['tests', cases.length],
        ['failures', count('failure')],
        ['errors', count('error')],
        ['skipped', count('skipped')],
      ] as const) {
        if (attrs[attr] !== undefined && Number(attrs[attr]) !== n)
          problems.push(`${path}: ${attr}="${attrs[attr]}" but ${n} counted`)
      }
    }
  }
  check(roots[0]!, 'testsuites')
  return problems
}

/** The cases: suite, name, and outcome (entity-decoded). */
export function junitCases(xml: string): {
  suite: string
  name: string
  classname: string
  outcome: null | { kind: string; type: string; message: string; text: string }
}[] {
  const doc = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    preserveOrder: true,
    trimValues: false,
    parseTagValue: false,
    parseAttributeValue: false,
    processEntities: false,
  }).parse(xml) as Node[]
  const root = doc.find((n) => 'testsuites' in n)!
  const out: ReturnType<typeof junitCases> = []
  for (const s of root.testsuites as Node[]) {
    if (!('testsuite' in s)) continue
    for (const c of s.testsuite as Node[]) {
      if (!('testcase' in c)) continue
      const o = (c.testcase as Node[]).find((x) => 'failure' in x || 'error' in x || 'skipped' in x)
      const kind = o ? Object.keys(o).find((k) => k !== ':@')! : null
      const text = o ? (o[kind!] as Node[]).map((t) => String(t['#text'] ?? '')).join('') : ''
      out.push({
        suite: decode(s[':@']!.name!),
        name: decode(c[':@']!.name!),
        classname: decode(c[':@']!.classname ?? ''),
        outcome: o
          ? {
              kind: kind!,
              type: decode(o[':@']?.type ?? ''),
              message: decode(o[':@']?.message ?? ''),
              text: decode(text),
            }
          : null,
      })
    }
  }
  return out
}

export function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (_, e: string) =>
    e.startsWith('#')
      ? String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[e]!,
  )
}
