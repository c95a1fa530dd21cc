// The audit's words, shared by its four
// renderers: verdict line, names, faults in
// a line, where counterexamples were saved.
import type { AuditResult } from '../../harness/audit/result.ts'
import type { Fault } from '../../harness/faults/catalogue.ts'

/**
 * By row id: where a reached cell's
 * counterexample was saved, and its replay.
 */
export type Replays = Readonly<Record<string, { readonly savedTo: string; readonly replay: string }>>

/**
 * The replays the result records, so a
 * saved result renders the same.
 */
export function auditReplays(r: Pick<AuditResult, 'consequences'>): Replays {
  const out: Record<string, { savedTo: string; replay: string }> = {}
  for (const c of r.consequences.cells)
    if (c.client === 'fetch' && c.counterexample?.file && c.counterexample.replay)
      out[c.case] = { savedTo: c.counterexample.file, replay: c.counterexample.replay }
  return out
}

/** A consequence in words. */
export const WORDS: Readonly<Record<string, string>> = {
  'duplicate-effect': 'duplicate effect',
  'false-failure': 'false failure',
  'false-success': 'false success',
}
/**
 * Faults in a line: "reset-after-effect on
 * send 1 of s1; …" (empty for none).
 */
export function faultsLine(faults: readonly Fault[]): string {
  return faults
    .map(
      (f) => `${f.kind}${'send' in f ? ` on send ${f.send}` : 'probe' in f ? ` on probe ${f.probe}` : ''} of ${f.step}`,
    )
    .join('; ')
}
/** A published source's short name, for table headers. */
export const SOURCE_SHORT: Readonly<Record<string, string>> = {
  'stripe-docs': 'Stripe docs',
  'stripe-node': 'stripe-node',
  undici: 'undici',
  'aws-sdk': 'AWS SDK',
  'aip-194': 'gRPC/AIP-194',
  'openai-node': 'openai-node',
}

/** "PASS — no dangerous cell (…)" or "FAIL — …". */
export function auditVerdictLine(r: Pick<AuditResult, 'verdict' | 'counts'>): string {
  const problems = [
    r.counts.dangerous ? `${r.counts.dangerous} dangerous cell(s)` : '',
    r.counts.faulty ? `${r.counts.faulty} cell(s) where the mapping failed` : '',
  ].filter(Boolean)
  return r.verdict === 'pass'
    ? `PASS — no dangerous cell (${r.counts.right} right, ${r.counts.costly} costly)`
    : `FAIL — ${problems.join(', ')}`
}
