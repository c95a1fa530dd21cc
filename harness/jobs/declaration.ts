// What the executors declared, fitted to one
// campaign and said in its report.
import { UNDECLARED, type Declared } from '../run/executor-declaration.ts'
import { openPool } from './open-pool.ts'
import type { ExecutorRef } from '../supervisor/executor-ref.ts'
import type { PoolOptions } from '../supervisor/pool.ts'

/** The report's field: only what differs from the defaults. */
export function declaredField(d: Declared): { declared?: Declared } {
  const same = d.identity === UNDECLARED.identity && d.tools.join() === UNDECLARED.tools.join()
  return same ? {} : { declared: { tools: [...d.tools], identity: d.identity } }
}

/**
 * One campaign for several executors: the tools all
 * offer; per-run if any is (its plans suit per-step).
 */
export function commonDeclaration(all: readonly Declared[]): Declared {
  const tools = UNDECLARED.tools.filter((t) => all.every((d) => d.tools.includes(t)))
  // A boundary only all of them have.
  const boundaries = all[0]?.boundaries?.filter((b) => all.every((d) => d.boundaries?.includes(b))) ?? []
  return {
    tools: tools.length > 0 ? tools : UNDECLARED.tools,
    identity: all.some((d) => d.identity === 'per-run') ? 'per-run' : 'per-step',
    ...(boundaries.length > 0 && { boundaries }),
  }
}

/**
 * Each ref's declaration; a bundled one's is
 * known (its vendors), a module is loaded once
 * to ask.
 */
export async function declarationsOf(refs: readonly ExecutorRef[], pool: PoolOptions): Promise<Declared[]> {
  const out: Declared[] = []
  for (const ref of refs) {
    if (ref.kind === 'bundled') {
      out.push(ref.vendors ? { ...UNDECLARED, vendors: ref.vendors } : UNDECLARED)
      continue
    }
    const opened = await openPool(ref, { ...pool, workers: 1 })
    out.push(opened.declared)
    await opened.close()
  }
  return out
}
