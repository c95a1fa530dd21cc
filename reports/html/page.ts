// The page every HTML report is drawn in:
// self-contained (no script, no external
// reference), the verdict first.
import { esc } from './escape.ts'
import { STYLES } from './styles.ts'

export interface Page {
  readonly title: string
  readonly subtitle: string
  /** A leading PASS/FAIL shows once, in the badge. */
  readonly verdict: { readonly passed: boolean; readonly line: string }
  /** The sections, as markup. */
  readonly main: string
  /** Rules beyond the shared stylesheet. */
  readonly styles?: string
}

export function renderPage(page: Page): string {
  const { passed, line } = page.verdict
  const word = passed ? 'PASS' : 'FAIL'
  const rest = line.replace(/^\s*(PASS|FAIL)\b\s*[—–:-]?\s*/, '')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(page.title)}</title>
<style>${STYLES}${page.styles ?? ''}</style>
</head>
<body>
<header>
<p class="verdict ${passed ? 'pass' : 'fail'}" data-verdict="${word}"><span class="badge">${word}</span>${esc(rest)}</p>
<h1>${esc(page.title)}</h1>
<p class="subtitle">${esc(page.subtitle)}</p>
</header>
<main>
${page.main}
</main>
</body>
</html>
`
}
