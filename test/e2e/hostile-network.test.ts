// Executors that reach for the network by the
// back doors (a custom lookup, *.localhost, IP
// literals), against the real CLI in a network
// namespace with only loopback up: nothing can
// leave even if the guard fails, and a guard
// that fails shows (ENETUNREACH, EAI_AGAIN: the
// OS was asked, and the fixture throws).
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scratchDir } from '../support/scratch.ts'
import { cliProcess, OFFLINE, type Ran } from '../support/cli-process.ts'

const ROOT = join(import.meta.dirname, '..', '..')
const HOSTILE = join(ROOT, 'test/fixtures/hostile')

/** Loopback up: a test server on 127.0.0.1 must answer. */
const cli = (args: string[], tracer: string[] = []): Promise<Ran> =>
  cliProcess(args, { cwd: scratchDir('hostile-network'), under: [...OFFLINE, ...tracer] })

/** A small gate: one worker, JSON, no corpus. */
const gate = (fixture: string, tracer: string[] = []) =>
  cli(
    [
      'gate',
      '--executor',
      `${HOSTILE}/${fixture}.ts`,
      '--runs',
      '3',
      '--workers',
      '1',
      '--run-timeout',
      '3000',
      '--json',
      '--no-corpus',
    ],
    tracer,
  )

interface Violation {
  readonly judge: string
  readonly message: string
}

function violations(r: Ran): Violation[] {
  const json = JSON.parse(r.stdout) as {
    counterexample: { violations: Violation[] } | null
    verdict?: { violations: Violation[] }
  }
  return json.counterexample?.violations ?? json.verdict?.violations ?? []
}

/** The blocked-network findings, as "tried …". */
function blocked(r: Ran): string[] {
  return violations(r)
    .map((v) => /blocked-network: (tried [^;]*);/.exec(v.message)?.[1])
    .filter((m): m is string => m !== undefined)
}

/** Anything else: the fixture's own throw if the OS was asked. */
function others(r: Ran): string[] {
  return violations(r)
    .map((v) => v.message)
    .filter((m) => !m.includes('blocked-network'))
}

describe.concurrent('the network guard checks the address connected, not the name', () => {
  it('a custom lookup answering localhost with a public address: refused before the kernel, a finding naming both', async () => {
    const r = await gate('custom-lookup-to-public')
    expect(r.code, r.stderr).toBe(1)
    expect(others(r)).toEqual([])
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/ENETUNREACH/)
    const to = (address: string, port: number) => `tried connect ${address}:${port}, the address localhost resolved to`
    // net, family 4, v4-mapped v6, happy eyeballs (both
    // addresses), tls, http, https, undici, tls and
    // undici's tls with a lookup answering at once, UDP.
    expect(blocked(r)).toEqual([
      to('93.184.216.34', 80),
      to('93.184.216.34', 81),
      to('::ffff:93.184.216.34', 82),
      to('2606:2800:220:1:248:1893:25c8:1946', 83),
      to('93.184.216.34', 83),
      to('93.184.216.34', 443),
      to('93.184.216.34', 84),
      to('93.184.216.34', 444),
      to('93.184.216.34', 85),
      to('93.184.216.34', 445),
      to('93.184.216.34', 446),
      'tried udp send to 93.184.216.34:53',
    ])
  })

  it('*.localhost is answered on the machine; every other lookup, resolver and reverse lookup is a finding', async () => {
    const r = await gate('resolves-localhost-names')
    expect(r.code, r.stderr).toBe(1)
    expect(others(r)).toEqual([])
    expect(blocked(r)).toEqual([
      'tried dns lookup example.com',
      'tried dns lookup example.org',
      'tried dns resolve4 example.net',
      'tried dns resolveTxt example.edu',
      'tried dns lookupService 8.8.4.4',
    ])
  })

  it('HTTP to IP literals (dotted, decimal, v4-mapped v6) is blocked-network naming the host; loopback by any name answers', async () => {
    const r = await gate('http-to-ip-literal')
    expect(r.code, r.stderr).toBe(1)
    expect(others(r)).toEqual([])
    expect(blocked(r)).toEqual([
      'tried GET http://93.184.216.34/',
      'tried GET http://93.184.216.34/', // http://1572395042/
      'tried GET http://[::ffff:5db8:d822]/',
      'tried GET http://10.0.0.1/',
    ])
  })

  // The syscalls themselves: what the guard
  // let through to the kernel, by strace.
  const strace = spawnSync('unshare', ['-rn', 'strace', '-qq', '-o', '/dev/null', 'true']).status === 0
  it.skipIf(!strace)('no DNS query or connect beyond loopback reaches the kernel (strace)', async () => {
    const log = join(scratchDir('hostile-network-strace'), 'syscalls.txt')
    const trace = ['strace', '-f', '-qq', '-e', 'trace=connect,sendto,sendmsg,sendmmsg', '-e', 'signal=none', '-o', log]
    const r = await gate('resolves-localhost-names', trace)
    const syscalls = readFileSync(log, 'utf8').split('\n')
    // The trace works: the CLI's own unix sockets.
    expect(syscalls.some((l) => l.includes('AF_UNIX'))).toBe(true)
    const offMachine = syscalls.filter(
      (l) => /AF_INET/.test(l) && !/inet_addr\("127\.|inet_pton\(AF_INET6, "(::1|::ffff:127\.)/.test(l),
    )
    expect(offMachine).toEqual([])
    expect(r.code, r.stderr).toBe(1)
    expect(others(r)).toEqual([])
  })
})
