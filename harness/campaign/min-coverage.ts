// `--min-coverage`: what a campaign must have
// exercised, so a green gate is not vacuous. Grammar:
// docs/campaigns.md.
import { BOUNDARIES } from '../contract/names.ts'
import { TOOLS } from '../contract/tools.ts'
import { FAULT_KINDS } from '../faults/catalogue.ts'
import { COVERAGE_STATES, countOf, type CoverageCell, type CoverageState } from '../judge/coverage.ts'
import { didYouMean } from '../scenario/issues.ts'
import type { CoverageRequirement } from './report-schema.ts'

/** A requirement as declared (not yet checked). */
export type Requirement = Omit<CoverageRequirement, 'got' | 'met'>

const KINDS = Object.keys(FAULT_KINDS)
const TOOL_NAMES = [...Object.keys(TOOLS), 'abort']
const ALL = [...KINDS, ...BOUNDARIES, ...TOOL_NAMES, ...COVERAGE_STATES]

export type RequirementsParse =
  | { readonly ok: true; readonly requirements: Requirement[] }
  | { readonly ok: false; readonly problem: string }

/** `TERM=N,…` */
export function parseMinCoverage(spec: string): RequirementsParse {
  const entries: [string, unknown][] = []
  for (const item of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const eq = item.lastIndexOf('=')
    if (eq === -1) return { ok: false, problem: `--min-coverage: "${item}" needs a count, e.g. "${item}=1"` }
    entries.push([item.slice(0, eq).trim(), item.slice(eq + 1).trim()])
  }
  return fromEntries(entries)
}

/** `{ "TERM": N, … }`, as read from a JSON file. */
export function minCoverageFromJson(json: unknown, file: string): RequirementsParse {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return {
      ok: false,
      problem: `${file}: --min-coverage needs a JSON object of "term": count, e.g. {"reset-after-effect:issue_refund": 5}`,
    }
  const parsed = fromEntries(Object.entries(json))
  return parsed.ok ? parsed : { ok: false, problem: `${file}: ${parsed.problem}` }
}

function fromEntries(entries: readonly [string, unknown][]): RequirementsParse {
  if (entries.length === 0)
    return {
      ok: false,
      problem: '--min-coverage needs at least one TERM=N, e.g. reset-after-effect=5 (faultline gate --help)',
    }
  const requirements: Requirement[] = []
  for (const [term, n] of entries) {
    const need = typeof n === 'number' ? n : typeof n === 'string' && /^\d+$/.test(n) ? Number(n) : Number.NaN
    if (!Number.isSafeInteger(need) || need < 1)
      return {
        ok: false,
        problem: `--min-coverage: the count of "${term}" must be a whole number of at least 1, got "${String(n)}"`,
      }
    const parsed = parseTerm(term)
    if (typeof parsed === 'string') return { ok: false, problem: parsed }
    requirements.push({ ...parsed, need })
  }
  return { ok: true, requirements }
}

function parseTerm(term: string): Omit<Requirement, 'need'> | string {
  const parts = term.split(':').map((p) => p.trim())
  if (parts.some((p) => p === ''))
    return `--min-coverage: "${term}" has an empty name; join names with ':' (e.g. reset-after-effect:issue_refund)`
  let kind: string | null = null
  let boundary: string | null = null
  let tool: string | null = null
  let state: CoverageState | null = null
  for (const p of parts) {
    const slot = KINDS.includes(p)
      ? 'kind'
      : (BOUNDARIES as readonly string[]).includes(p)
        ? 'boundary'
        : TOOL_NAMES.includes(p)
          ? 'tool'
          : (COVERAGE_STATES as readonly string[]).includes(p)
            ? 'state'
            : null
    if (slot === null) {
      const guess = didYouMean(p, ALL)
      return `--min-coverage: unknown name "${p}" in "${term}"${guess ? `; did you mean "${guess}"?` : ''} (a fault kind, a boundary, a tool or a state: faultline gate --help)`
    }
    const taken = { kind, boundary, tool, state }[slot]
    if (taken !== null)
      return `--min-coverage: "${term}" names two ${slot === 'kind' ? 'fault kinds' : `${slot}s`} ("${taken}" and "${p}"); write one term for each`
    if (slot === 'kind') kind = p
    else if (slot === 'boundary') boundary = p
    else if (slot === 'tool') tool = p
    else state = p as CoverageState
  }
  return { term, kind, boundary, tool, state: state ?? 'struck' }
}

/** How much of each requirement a campaign's coverage gives. */
export function checkCoverage(
  requirements: readonly Requirement[],
  cells: readonly CoverageCell[],
): CoverageRequirement[] {
  return requirements.map((r) => {
    const got = cells
      .filter(
        (c) =>
          (r.kind === null || c.kind === r.kind) &&
          (r.boundary === null || c.boundary === r.boundary) &&
          (r.tool === null || c.tool === r.tool),
      )
      .reduce((n, c) => n + countOf(c, r.state), 0)
    return { ...r, got, met: got >= r.need }
  })
}

/**
 * Requirements recorded, not checked: a
 * shard's share says nothing about the whole.
 */
export function uncheckedCoverage(requirements: readonly Requirement[]): CoverageRequirement[] {
  return requirements.map((r) => ({ ...r, got: null, met: null }))
}
