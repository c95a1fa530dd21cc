// The house's rules as data: the rooms and what
// each may import. The checkers only read this
// file; change a rule here.

/**
 * The engine's rooms in data-flow order: each may import
 * earlier rooms, itself and `mock-services`.
 */
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

/** The product's other rooms, and what each may import. */
const BESIDE_THE_FLOW: Record<string, readonly string[]> = {
  'mock-services': [],
  executors: ['harness/contract'],
  /** Framework tools as executors: the contract only. */
  adapters: ['harness/contract'],
  scenarios: ['harness/contract', 'harness/faults', 'harness/scenario', 'mock-services'],
  /** The renderers: types from any engine room, nothing above. */
  reports: [...FLOW],
}

/** The face: imports every product room; only consumers import it. */
export const FACE = 'faultline'

/** Folders that use the product; they may import anything. */
export const CONSUMERS = ['bin', 'bench', 'scripts', 'examples', 'test'] as const

/** Every top-level folder that may hold source. */
export const TOP_LEVEL = [
  'faultline',
  'harness',
  'mock-services',
  'executors',
  'adapters',
  'scenarios',
  'reports',
  ...CONSUMERS,
] as const

export const SOURCE_FILE = /\.(ts|mts|cts|tsx|js|mjs|cjs)$/

/**
 * The name the package imports itself by: `faultline`,
 * `faultline/vitest`, `faultline/msw` are the face;
 * `faultline/package.json` is the manifest.
 */
export const PACKAGE_NAME = 'faultline'

/** The manifest: data any room may read, not a room. */
export const MANIFEST = 'package.json'

/** The flow, the rooms beside it and the face. */
export const PRODUCT: readonly string[] = [...FLOW, ...Object.keys(BESIDE_THE_FLOW), FACE]

/** Rooms held to the size rule: the product and `bin`. */
export const SIZED: readonly string[] = [...PRODUCT, 'bin']

/** The room of top-level files: only cycles are checked. */
export const ROOT_ROOM = '(root)'

/**
 * What `room` may import besides itself: `'anything'`
 * for consumers, undefined for a room no rule knows.
 */
export function allowedFrom(room: string): readonly string[] | 'anything' | undefined {
  if (room === FACE) return PRODUCT
  if ((CONSUMERS as readonly string[]).includes(room) || room === ROOT_ROOM) return 'anything'
  const at = (FLOW as readonly string[]).indexOf(room)
  if (at >= 0) return [...FLOW.slice(0, at), 'mock-services']
  return BESIDE_THE_FLOW[room]
}

export const SIZE = {
  /**
   * Past this many lines the opening comment must say why
   * ({@link LONG_REASON}). Lines as Biome formats them:
   * was 210 before long lines were broken (+~25%).
   */
  soft: 300,
  /** No file may pass this many lines, whatever it says. */
  hard: 600,
} as const

/** Explains a long file, in the opening comment only. */
export const LONG_REASON = /Longer than most because/i
