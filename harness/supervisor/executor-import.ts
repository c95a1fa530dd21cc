// How a worker imports an executor's file: each
// executor in a tsx namespace of its own, and its
// copies in that namespace too, so they share its
// packages and re-evaluate only its own files.
import { randomUUID } from 'node:crypto'
import module, { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { register as registerRequire } from 'tsx/cjs/api'
import { type NamespacedUnregister, register } from 'tsx/esm/api'

const require = createRequire(import.meta.url)
const namespaces = new Map<string, NamespacedUnregister>()
let hooked = false

/** The tree that holds harness/: dist, a build, a checkout. */
const OWN = import.meta.url.replace(/harness\/supervisor\/[^/]*$/, '')
const HOOKS = new URL('./copy-hooks.mjs', import.meta.url)

/**
 * Loads `path` for the executor keyed `key`: its
 * first process (`n` 0) or copy `n` of its files.
 */
export async function importExecutorFile(key: string, path: string, n: number): Promise<Record<string, unknown>> {
  let namespace = namespaces.get(key)
  if (!namespace) {
    // As tsImport does: a .ts file read as
    // CommonJS (no "type" above it) needs both.
    const name = randomUUID()
    registerRequire({ namespace: name })
    namespace = register({ namespace: name })
    namespaces.set(key, namespace)
  }
  if (n > 0 && !hooked) {
    hooked = true
    await hookCopies()
  }
  const url = pathToFileURL(path).href
  if (n === 0) return namespace.import(url, import.meta.url)
  const putBack = outOfRequireCache()
  try {
    return await namespace.import(`${url}?faultline-process=${n}`, import.meta.url)
  } finally {
    putBack()
  }
}

/**
 * CommonJS files live in Node's require cache,
 * keyed by a file name with no copy's query: the
 * team's are taken out while a copy loads, so it
 * evaluates its own, then the first's are put
 * back. Packages stay, but faultline's own, as
 * copy-hooks.mjs has it. Copies load one at a
 * time (a worker runs one task), never two.
 */
function outOfRequireCache(): () => void {
  const cache = require.cache
  const kept = new Map<string, NodeJS.Module>()
  for (const [file, mod] of Object.entries(cache))
    if (mod && !inPackage(file)) {
      kept.set(file, mod)
      delete cache[file]
    }
  return () => {
    for (const file of Object.keys(cache)) if (!inPackage(file)) delete cache[file]
    for (const [file, mod] of kept) cache[file] = mod
  }
}

/** faultline's tree as a path, with a separator. */
const OWN_PATH = fileURLToPath(OWN)

/** A package's file, but faultline's own. */
function inPackage(file: string): boolean {
  if (!/[\\/]node_modules[\\/]/.test(file)) return false
  return !(file.startsWith(OWN_PATH) && !/(^|[\\/])node_modules[\\/]/.test(file.slice(OWN_PATH.length)))
}

/**
 * In-thread where Node has registerHooks (they
 * run before any off-thread hook, tsx's too):
 * else a round trip to the hooks thread.
 */
async function hookCopies(): Promise<void> {
  const { registerHooks } = module as { registerHooks?: (hooks: object) => unknown }
  if (typeof registerHooks === 'function') {
    const { syncHooks } = (await import(HOOKS.href)) as typeof import('./copy-hooks.mjs')
    registerHooks(syncHooks(OWN))
  } else module.register(HOOKS, { data: { own: OWN } })
}
