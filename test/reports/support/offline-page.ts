// A page opened from disk in headless Chromium
// (Debian's, via playwright-core), every request
// recorded and any but the file itself (or inline
// data) refused.
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { chromium, type Browser, type Page } from 'playwright-core'

const CHROMIUM = '/usr/bin/chromium'
const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
]

const INSTALL = `install it with "apt-get install -y chromium" (.ci/run does this when it is missing)`

/** Fails with the install command if Chromium is missing. */
export function requireChromium(): void {
  if (!existsSync(CHROMIUM)) throw new Error(`Chromium is missing (${CHROMIUM}): ${INSTALL}`)
}

/** CI set to anything but "", "0" or "false". */
function inCi(): boolean {
  const ci = process.env.CI
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false'
}

/**
 * A browser test file skips only when Chromium is
 * missing and CI is not set (a fresh dev machine),
 * saying how to install it. Under CI it fails
 * instead: CI installs Chromium rather than skip.
 */
export function skipWithoutChromium(file: string): boolean {
  if (existsSync(CHROMIUM) || inCi()) return false
  console.warn(`${file}: skipped, Chromium is missing (${CHROMIUM}): ${INSTALL}. With CI set, it fails instead.`)
  return true
}

export interface OfflinePage {
  readonly browser: Browser
  readonly page: Page
  /** Every URL the page asked for, its own included. */
  readonly requests: readonly string[]
}

export async function openOffline(file: string): Promise<OfflinePage> {
  requireChromium()
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: LAUNCH_ARGS })
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } })
  const requests: string[] = []
  // Anything else would be a reference out of the
  // page: recorded, then refused.
  context.on('request', (r) => requests.push(r.url()))
  await context.route(/^(?!file:|data:)/, (route) => route.abort())
  const page = await context.newPage()
  await page.goto(pathToFileURL(file).href, { waitUntil: 'load' })
  return { browser, page, requests }
}
