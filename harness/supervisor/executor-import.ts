// How a worker imports an executor's file: each
// executor in a tsx namespace of its own, and its
// copies in that namespace too, so they share its
// packages and re-evaluate only its own files.
import { randomUUID } from 'node:crypto'
import { register as registerHooks } from 'node:module'
import { pathToFileURL } from 'node:url'
import { type NamespacedUnregister, register } from 'tsx/esm/api'

type Namespace = NamespacedUnregister
const namespaces = new Map<string, Namespace>()
let hooked = false

/**
 * Loads `path` for the executor keyed `key`: its
 * first process (`n` 0) or copy `n` of its files.
 */
export function importExecutorFile(key: string, path: string, n: number): Promise<Record<string, unknown>> {
  let namespace = namespaces.get(key)
  if (!namespace) {
    namespace = register({ namespace: randomUUID() })
    namespaces.set(key, namespace)
  }
  if (n > 0 && !hooked) {
    registerHooks(new URL('./copy-hooks.mjs', import.meta.url))
    hooked = true
  }
  const url = pathToFileURL(path).href
  return namespace.import(n === 0 ? url : `${url}?faultline-process=${n}`, import.meta.url)
}
