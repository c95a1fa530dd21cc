// HTML report checks: nothing referenced outside
// the page, and balanced markup.
import { expect } from 'vitest'

/** Opens offline: no outside reference, no URL at all. */
export function expectSelfContained(html: string): void {
  expect(html).not.toMatch(/\b(?:src|href|xlink:href|action|poster|data|srcset)\s*=\s*["']?\s*(?:https?:)?\/\//i)
  expect(html).not.toMatch(/<script\b[^>]*\bsrc\b/i)
  expect(html).not.toMatch(/<link\b/i)
  expect(html).not.toMatch(/<img\b|<iframe\b|<object\b|<embed\b|<use\b|<image\b/i)
  expect(html).not.toMatch(/@import|url\(/i)
  // No URL at all (inline SVG in HTML needs no
  // namespace URL either).
  expect(html).not.toMatch(/https?:\/\//)
  // Every href links within the page; nothing has a src.
  for (const m of html.matchAll(/\bhref\s*=\s*"([^"]*)"/g)) expect(m[1]).toMatch(/^#/)
  expect(html).not.toMatch(/\bsrc\s*=/i)
}

/** SVG elements balanced (a cheap well-formedness check). */
export function assertBalanced(markup: string): void {
  const stack: string[] = []
  for (const m of markup.matchAll(/<(\/?)([a-zA-Z][\w-]*)\b[^>]*?(\/?)>/g)) {
    const [, close, name, selfClose] = m
    if (selfClose) continue
    if (close) expect(stack.pop(), `</${name}>`).toBe(name)
    else stack.push(name!)
  }
  expect(stack).toEqual([])
}
