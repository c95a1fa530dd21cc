// The audit-mapping page in headless Chromium: a
// wrong mapping (5xx as "rejected") against fetch.
// Verdict and dangerous cells above the matrix,
// each cell in its grade's colour, the replay
// command, no network, a screenshot (scratch dir).
// Without Chromium: fails under CI, skipped without.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../faultline/cli/main.ts'
import { scratchDir } from '../support/scratch.ts'
import { openOffline, requireChromium, skipWithoutChromium } from './support/offline-page.ts'

const ROOT = join(import.meta.dirname, '..', '..')
// Made in beforeAll, not at load (support/scratch.ts).
let OUT = ''
const MAPPING = join(ROOT, 'examples', 'mappings', 'five-xx-as-rejected.ts')

interface Cell {
  readonly case: string
  readonly client: string
  readonly grade: 'right' | 'costly' | 'dangerous' | 'faulty'
}
interface Audit {
  readonly matrix: { readonly cells: readonly Cell[] }
  readonly consequences: {
    readonly cells: readonly { readonly status: string; readonly counterexample: { readonly replay?: string } | null }[]
  }
}

let browser: Browser | undefined
let page: Page
let audit: Audit
let htmlFile = ''
let requests: readonly string[] = []

beforeAll(async () => {
  requireChromium()
  OUT = scratchDir('audit-browser-out')
  const cwd = scratchDir('audit-browser')
  htmlFile = join(OUT, 'audit-five-xx-as-rejected.html')
  const out: string[] = []
  const err: string[] = []
  // 130 runs reach this mapping's dangerous cell
  // (see test/faultline/cli/report.test.ts).
  const code = await main(
    [
      'audit-mapping',
      '--mapping',
      MAPPING,
      '--clients',
      'fetch',
      '--runs',
      '130',
      '--workers',
      '1',
      '--json',
      '--html',
      htmlFile,
    ],
    { out: (t) => out.push(t), err: (t) => err.push(t), cwd, env: {} },
  )
  expect(code, err.join('\n')).toBe(1)
  audit = JSON.parse(out.join('\n')) as Audit

  ;({ browser, page, requests } = await openOffline(htmlFile))
}, 180_000)

afterAll(async () => {
  await browser?.close()
})

const top = async (selector: string) => (await page.locator(selector).first().boundingBox())!.y

describe.skipIf(skipWithoutChromium('html-audit-browser.test.ts'))(
  'the audit-mapping page of a wrong mapping, in Chromium',
  () => {
    it('says FAIL first, then the dangerous cells, above the matrix, the consequences and the sources', async () => {
      const verdict = page.locator('[data-verdict]')
      expect(await verdict.getAttribute('data-verdict')).toBe('FAIL')
      expect(await verdict.isVisible()).toBe(true)
      const ys = await Promise.all(['[data-verdict]', '#dangerous', '#matrix', '#consequences', '#sources'].map(top))
      expect([...ys].sort((a, b) => a - b)).toEqual(ys)
      // Every dangerous cell is listed above the matrix.
      const dangerous = audit.matrix.cells.filter((c) => c.grade === 'dangerous')
      expect(dangerous.length, 'this mapping reads 5xx as rejected: some cells must be dangerous').toBeGreaterThan(0)
      for (const c of dangerous)
        expect(
          await page.locator(`#dangerous li[data-case="${c.case}"][data-client="${c.client}"]`).isVisible(),
          `${c.case} × ${c.client}`,
        ).toBe(true)
    })

    it("draws every cell of the matrix in its grade's colour: a dangerous cell does not look like a right one", async () => {
      const background = (c: Cell) =>
        page
          .locator(`#matrix td[data-case="${c.case}"][data-client="${c.client}"]`)
          .evaluate((td) => td.ownerDocument.defaultView!.getComputedStyle(td).backgroundColor)
      const colours = new Map<string, Set<string>>()
      for (const c of audit.matrix.cells) {
        const td = page.locator(`#matrix td[data-case="${c.case}"][data-client="${c.client}"]`)
        expect(await td.getAttribute('data-grade'), `${c.case} × ${c.client}`).toBe(c.grade)
        const set = colours.get(c.grade) ?? new Set<string>()
        set.add(await background(c))
        colours.set(c.grade, set)
      }
      // One colour per grade, no two grades alike.
      for (const [grade, set] of colours) expect(set.size, grade).toBe(1)
      const all = [...colours.values()].map((s) => [...s][0])
      expect(new Set(all).size).toBe(colours.size)
      expect(colours.has('dangerous') && colours.has('right')).toBe(true)
    })

    it('gives the consequence the campaign reached its replay command', async () => {
      const reached = audit.consequences.cells.filter((c) => c.status === 'reached')
      expect(reached.length).toBeGreaterThan(0)
      const text = await page.locator('#consequences').innerText()
      for (const c of reached) expect(text).toContain(c.counterexample!.replay!)
    })

    it('takes a screenshot of the page', async () => {
      const file = join(OUT, 'audit-five-xx-as-rejected.png')
      await page.screenshot({ path: file, fullPage: true })
      expect(readFileSync(file).subarray(1, 4).toString()).toBe('PNG')
      expect(statSync(file).size).toBeGreaterThan(10_000)
    })

    it('asked the network for nothing: the file itself was the only request', () => {
      expect(requests).toContain(pathToFileURL(htmlFile).href)
      expect(requests.filter((u) => !u.startsWith('file:') && !u.startsWith('data:'))).toEqual([])
    })
  },
)
