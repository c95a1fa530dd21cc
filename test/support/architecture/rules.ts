// The house's rules as data: which rooms there are and which each may import.
// The checkers (check-*.ts) only read this file; change a rule here.

/** The engine's rooms in the order data flows: each may import only the rooms before it, itself and `mock-services`. */
export const FLOW = [
  'harness/contract',
  'harness/history',
  'harness/faults',
  'harness/scenario',
  'harness/sim',
  'harness/model',
  'harness/run',
  'harness/supervisor',
  'harness/judge',
  'harness/campaign',
  'harness/audit',
  'harness/jobs',
] as const

/** The product's other rooms and what each may import besides itself. */
const BESIDE_THE_FLOW: Record<string, readonly string[]> = {
  'mock-services': [],
  executors: ['harness/contract'],
  scenarios: ['harness/contract', 'harness/faults', 'harness/scenario', 'mock-services'],
  /** The renderers: the report's and the audit result's types, from any engine room; nothing above the engine. */
  reports: [...FLOW],
}

/** The package's face and composition root: it may import every product room; only consumers import it. */
export const FACE = 'faultline'

/** Top-level folders that use the product and that nothing in the product imports; each may import anything. */
export const CONSUMERS = ['bin', 'bench', 'scripts', 'examples', 'test'] as const

/** Every top-level folder that may hold source. A new one must be added here (and given rules) first. */
export const TOP_LEVEL = [
  'faultline',
  'harness',
  'mock-services',
  'executors',
  'scenarios',
  'reports',
  ...CONSUMERS,
] as const

export const SOURCE_FILE = /\.(ts|mts|cts|tsx|js|mjs|cjs)$/

/**
 * The name the package imports itself by. `faultline`, `faultline/vitest`, `faultline/msw`: the face,
 * reached another way (every export but the manifest is built from faultline/; the tree test checks
 * package.json says so). `faultline/package.json`: the manifest.
 */
export const PACKAGE_NAME = 'faultline'

/** The package's manifest: data any room may read (a version, a peer range), not a room. */
export const MANIFEST = 'package.json'

/** The product's rooms: the flow, the rooms beside it and the face. */
export const PRODUCT: readonly string[] = [...FLOW, ...Object.keys(BESIDE_THE_FLOW), FACE]

/** Rooms whose files the size rule covers: the product and `bin` (tests, benches and scripts are not held to it). */
export const SIZED: readonly string[] = [...PRODUCT, 'bin']

/** The room of the files at the top (vitest.config.ts): configuration, held to no rule but the cycles. */
export const ROOT_ROOM = '(root)'

/** What a file in `room` may import besides its own room, `'anything'` for the consumers, undefined for a room no rule knows. */
export function allowedFrom(room: string): readonly string[] | 'anything' | undefined {
  if (room === FACE) return PRODUCT
  if ((CONSUMERS as readonly string[]).includes(room) || room === ROOT_ROOM) return 'anything'
  const at = (FLOW as readonly string[]).indexOf(room)
  if (at >= 0) return [...FLOW.slice(0, at), 'mock-services']
  return BESIDE_THE_FLOW[room]
}

export const SIZE = {
  /**
   * Past this many lines a file's opening comment must say why: {@link LONG_REASON}.
   * Lines as Biome formats them (width 120): the 210 and 450 of the tree before it grew
   * by about a quarter when long lines were broken.
   */
  soft: 300,
  /** No file may pass this many lines, whatever its comment says. */
  hard: 600,
} as const

/** The phrase that explains a long file; it counts only in the comment that opens the file, before any code. */
export const LONG_REASON = /Longer than most because/i
