// Loading a mapping module (.ts/.mts/.js/.mjs/.cjs)
// as the workers load executors (tsx), inside a
// worker: its top level runs there.
import { pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { oneLine } from '../contract/one-line.ts'

/**
 * A mapping as exported: not yet trusted
 * to return a class, or to return at all.
 */
export type LoadedMapping = (observed: unknown) => unknown

/**
 * The module's default export (or `mapping`),
 * a function; a one-line reason otherwise.
 */
export async function loadMapping(path: string): Promise<LoadedMapping> {
  let mod: Record<string, unknown>
  try {
    mod = (await tsImport(pathToFileURL(path).href, import.meta.url)) as Record<string, unknown>
  } catch (e) {
    throw new Error(
      `cannot load mapping module ${path}: ${(e instanceof Error ? e.message : oneLine(e)).split('\n')[0]}`,
    )
  }
  // CommonJS arrives as { default: module.exports }.
  const inner = (typeof mod.default === 'object' && mod.default !== null ? mod.default : {}) as Record<string, unknown>
  const found = [mod.default, inner.default, mod.mapping, inner.mapping].find((f) => typeof f === 'function')
  if (!found)
    throw new Error(
      `${path} exports no mapping: it exports ${exportsOf(mod, inner)}; export default a function (observed) => 'applied' | 'not-sent' | 'rejected' | 'ambiguous'`,
    )
  return found as LoadedMapping
}

/**
 * "classify (a function), version (a
 * number)", or "nothing": what the
 * module gave instead, to fix it by.
 */
function exportsOf(mod: Record<string, unknown>, inner: Record<string, unknown>): string {
  const named = new Map<string, unknown>()
  // tsx's namespace repeats the
  // named exports in default.
  for (const [k, v] of Object.entries(inner)) named.set(k, v)
  for (const [k, v] of Object.entries(mod))
    if (k !== 'module.exports' && !(k === 'default' && v === inner)) named.set(k, v)
  if (mod.default !== undefined && mod.default !== inner) named.set('default', mod.default)
  const list = [...named].map(([k, v]) => `${k} (${kindOf(v)})`)
  return list.length ? list.join(', ') : 'nothing'
}

function kindOf(v: unknown): string {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'an array'
  const t = typeof v
  return t === 'undefined' ? 'undefined' : t === 'object' ? 'an object' : `a ${t}`
}
