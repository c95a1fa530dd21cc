// What a tool declares (MCP's annotations) held
// against the ledger: a declaration an agent or
// its host trusts is a promise, not a comment.
import { TOOLS } from '../contract/tools.ts'
import type { ToolContract } from '../contract/executor.ts'
import { isAbortCall } from '../history/call-ids.ts'
import { eventsOf, type CallId, type History } from '../history/history.ts'
import { boundariesOf, callsOf, type CallView } from './calls.ts'
import type { Violation } from './finding.ts'

/**
 * readOnly or not destructive, yet an effect; or
 * idempotent, yet a same-arguments repeat made
 * a second effect (in one call or across calls).
 */
export function declaredContract(history: History): Violation[] {
  const contracts = new Map<string, ToolContract>()
  for (const b of eventsOf(history, 'process-booted'))
    for (const [tool, c] of Object.entries(b.contracts ?? {})) contracts.set(tool, c)
  if (contracts.size === 0) return []
  const args = firstArgs(history)
  const out: Violation[] = []
  const alike = new Map<string, CallView[]>()
  for (const v of callsOf(history).values()) {
    const c = contracts.get(v.tool)
    if (!c || isAbortCall(v.call) || v.effects.length === 0) continue
    const made = v.effects.map((e) => `${e.type} ${e.effect}`).join(', ')
    if (c.readOnly === true) out.push(violation(v, `declares readOnlyHint: true, yet made ${made}`))
    else if (c.destructive === false) out.push(violation(v, `declares destructiveHint: false, yet made ${made}`))
    if (c.idempotent === true) {
      const key = `${v.tool} ${identityOf(v.tool, args.get(v.call) ?? {})}`
      alike.set(key, [...(alike.get(key) ?? []), v])
    }
  }
  for (const calls of alike.values()) {
    const effects = calls.flatMap((v) => v.effects)
    if (effects.length < 2) continue
    const last = calls.at(-1)!
    const where = calls.length > 1 ? `${calls.length} calls with the same arguments` : 'repeats of one call'
    out.push(
      violation(
        last,
        `declares idempotentHint: true, yet ${where} made ${effects.length} effects (${effects.map((e) => e.effect).join(', ')})`,
      ),
    )
  }
  return out
}

function violation(v: CallView, what: string): Violation {
  return {
    judge: 'declared-contract',
    call: v.call,
    tool: v.tool,
    boundaries: boundariesOf(v),
    message: `${v.call}: ${v.tool} ${what}`,
  }
}

/** Each call's first-ask arguments. */
function firstArgs(history: History): Map<CallId, Readonly<Record<string, unknown>>> {
  const out = new Map<CallId, Readonly<Record<string, unknown>>>()
  for (const e of eventsOf(history, 'call-started')) if (!out.has(e.call)) out.set(e.call, e.args)
  return out
}

/** Identity fields as a model's re-wordings agree. */
function identityOf(tool: string, args: Readonly<Record<string, unknown>>): string {
  const norm = (x: unknown) =>
    typeof x === 'string' && x.trim() !== '' && Number.isFinite(Number(x))
      ? Number(x)
      : typeof x === 'string'
        ? x.trim().toLowerCase()
        : x
  return JSON.stringify((TOOLS[tool]?.identity ?? []).map((f) => norm(args[f])))
}
