// Loading a mapping module — .ts, .mts, .js, .mjs or .cjs, ESM or CommonJS —
// the way the supervisor's workers load executor modules (tsx). Called inside
// a worker: whatever the module's top level does happens there.
import { pathToFileURL } from 'node:url'
import { tsImport } from 'tsx/esm/api'
import { oneLine } from '../contract/one-line.ts'

/** A mapping as the module exports it: not yet trusted to return a class, or to return at all. */
export type LoadedMapping = (observed: unknown) => unknown

/** The module's default export (or `mapping`), which must be a function; a one-line reason otherwise. */
export async function loadMapping(path: string): Promise<LoadedMapping> {
  let mod: Record<string, unknown>
  try {
    mod = (await tsImport(pathToFileURL(path).href, import.meta.url)) as Record<string, unknown>
  } catch (e) {
    throw new Error(`cannot load mapping module ${path}: ${(e instanceof Error ? e.message : oneLine(e)).split('\n')[0]}`)
  }
  // A CommonJS module (or TypeScript compiled as one) arrives as { default: module.exports }.
  const inner = (typeof mod.default === 'object' && mod.default !== null ? mod.default : {}) as Record<string, unknown>
  const found = [mod.default, inner.default, mod.mapping, inner.mapping].find((f) => typeof f === 'function')
  if (!found) throw new Error(`${path} exports no mapping: export default a function (observed) => 'applied' | 'not-sent' | 'rejected' | 'ambiguous'`)
  return found as LoadedMapping
}
