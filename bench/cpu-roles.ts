// Where a request's CPU goes, by role: a
// sampled profile of a campaign in this
// thread, each sample given to its frame's
// module. Native and Node's generic frames
// (SQLite, JSON, structuredClone, promises)
// go to their nearest caller with a role.
import { Session } from 'node:inspector/promises'
import { pathToFileURL } from 'node:url'

/** The roles, the request's own first. */
export const ROLES = [
  'request path',
  'mock services',
  "executor's own",
  'virtual clock',
  'sandbox and guards',
  'run and processes',
  'history, judges, search',
  'generation',
  'async context',
  'garbage collection',
  'V8 and Node',
] as const
export type Role = (typeof ROLES)[number]

/** What a request needs whatever the harness: these. */
export const THE_REQUEST: readonly Role[] = ['request path', 'mock services', "executor's own"]

/** The part of a V8 CPU profile read here. */
export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string }
    readonly children?: readonly number[]
  }[]
  readonly samples: readonly number[]
  readonly timeDeltas: readonly number[]
}

/**
 * First match wins, on a frame's place from
 * the checkout (fromRoot) or its node: url.
 */
const RULES: readonly (readonly [Role, RegExp])[] = [
  [
    'request path',
    /^node:internal\/(deps\/undici|webstreams|abort_controller|worker\/js_transferable|event_target|url|per_context\/domexception)|^node_modules\/(@mswjs|msw|undici|@open-draft)\/|^harness\/sim\/(fetch-shim|network|undici-\w+|vendor-hosts|client-shims|signal-release|http-timeout-shims)\./,
  ],
  ['mock services', /^mock-services\/|^harness\/faults\/|^harness\/sim\/pipeline\./],
  ["executor's own", /^executors\/|^examples\/|^node_modules\/better-sqlite3\//],
  ['virtual clock', /^node_modules\/@sinonjs\/fake-timers\/|^harness\/sim\/(clock|drive|real-clock)\./],
  ['run and processes', /^harness\/(run|model|supervisor|contract)\/|^harness\/sim\/(storage|process-table)\./],
  ['history, judges, search', /^harness\/(history|judge|campaign)\//],
  ['generation', /^node_modules\/(fast-check|pure-rand)\/|^scenarios\//],
  ['async context', /^node:(internal\/)?async_hooks$|^node:internal\/promise_hooks$|^harness\/sim\/attribution\./],
  // The rest of the sandbox: patches, guards,
  // seeded randomness, watches.
  ['sandbox and guards', /^harness\/sim\/|^node_modules\/seedrandom\//],
]

/** The command's build of the checkout. */
const BUILD = /^node_modules\/\.cache\/faultline\/worker\/[0-9a-f]+\//

/**
 * A frame's url as a path from the checkout
 * (its build's files as their sources'), so
 * where the checkout sits changes nothing.
 */
export function fromRoot(url: string, root: string): string {
  const base = `${pathToFileURL(root).href.replace(/\/$/, '')}/`
  return url.startsWith(base) ? url.slice(base.length).replace(BUILD, '') : url
}

/** A frame's own role; null: its caller's. */
export function roleOf(url: string, root: string): Role | null {
  if (url === '') return null
  const place = fromRoot(url, root)
  for (const [role, re] of RULES) if (re.test(place)) return role
  return null
}

/** Pseudo-frames V8 names, by their role. */
const PSEUDO = new Map<string, Role | 'idle'>([
  ['(garbage collector)', 'garbage collection'],
  ['(program)', 'V8 and Node'],
  ['(idle)', 'idle'],
])

/**
 * A fence a native call passes through: the
 * call is its caller's (the executor's SQLite).
 */
const FENCE = /^harness\/sim\/storage\./

/**
 * Each role's share of the busy time (idle
 * left out), in ROLES' order, summing to 1.
 */
export function cpuRoles(profile: CpuProfile, root: string): Map<Role, number> {
  const parent = new Map<number, number>()
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const memo = new Map<number, Role | 'idle'>()
  const frame = (id: number) => byId.get(id)?.callFrame ?? { url: '', functionName: '' }
  const roleFor = (id: number): Role | 'idle' => {
    const known = memo.get(id)
    if (known !== undefined) return known
    const { url, functionName } = frame(id)
    let up = parent.get(id)
    if (url === '') while (up !== undefined && FENCE.test(fromRoot(frame(up).url, root))) up = parent.get(up)
    const role = PSEUDO.get(functionName) ?? roleOf(url, root) ?? (up === undefined ? 'V8 and Node' : roleFor(up))
    memo.set(id, role)
    return role
  }
  const time = new Map<Role, number>(ROLES.map((r) => [r, 0]))
  let busy = 0
  profile.samples.forEach((id, i) => {
    const role = roleFor(id)
    const dt = profile.timeDeltas[i] ?? 0
    if (role === 'idle') return
    time.set(role, time.get(role)! + dt)
    busy += dt
  })
  for (const [role, t] of time) time.set(role, busy > 0 ? t / busy : 0)
  return time
}

/** `work`, profiled in this thread. */
export async function profiled(work: () => Promise<unknown>, intervalUs = 200): Promise<CpuProfile> {
  const session = new Session()
  session.connect()
  try {
    await session.post('Profiler.enable')
    await session.post('Profiler.setSamplingInterval', { interval: intervalUs })
    await session.post('Profiler.start')
    // Stopped even if the work throws.
    const done = await work().then(
      () => null,
      (e: unknown) => ({ e }),
    )
    const { profile } = await session.post('Profiler.stop')
    if (done) throw done.e
    return profile as unknown as CpuProfile
  } finally {
    session.disconnect()
  }
}
