// --vendors on the command line: compare prints a
// leaderboard per pair; one report file, one pair.
import { describe, expect, it } from 'vitest'
import { cli } from './cli.ts'

const SMALL = ['--runs', '4', '--seed', '2', '--k', '1', '--no-corpus', '--workers', '1']

describe('faultline compare --vendors', () => {
  it('twice: two leaderboards in turn, each naming its pair; --json an array of both', async () => {
    const pairs = ['--vendors', 'payments=square', '--vendors', 'email=ses']
    const text = await cli(['compare', '--executors', 'reference', ...SMALL, ...pairs])
    expect(text.code).toBe(0)
    const heads = text.out.split('\n').filter((l) => l.startsWith('faultline compare'))
    expect(heads).toHaveLength(2)
    expect(heads[0]).toContain('vendors square+resend')
    expect(heads[1]).toContain('vendors stripe+ses')
    const json = await cli(['compare', '--executors', 'reference', ...SMALL, ...pairs, '--json'])
    const reports = JSON.parse(json.out) as { campaign: { vendors: string } }[]
    expect(reports.map((r) => r.campaign.vendors)).toEqual(['square+resend', 'stripe+ses'])
  })

  it('with --out and two pairs: exit 2, one line naming the fix', async () => {
    const r = await cli([
      'compare',
      ...SMALL,
      '--vendors',
      'payments=square',
      '--vendors',
      'payments=paypal',
      '--out',
      'x.json',
    ])
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/--out writes one campaign's report and 2 --vendors make 2: give one --vendors per compare/)
  })
})
