// Which executor to run, as data a worker
// loads: the supervisor never imports one.
import type { VendorName } from '../contract/vendors.ts'
import { statSync } from 'node:fs'
import { resolve } from 'node:path'

/** A bundled executor's module and export. */
export interface BundledRef {
  readonly name: string
  /** Absolute path of the module. */
  readonly path: string
  readonly export: string
  /** The vendors its declare() names, known unloaded. */
  readonly vendors?: readonly VendorName[]
}

export type ExecutorRef =
  | ({ readonly kind: 'bundled' } & BundledRef)
  | { readonly kind: 'module'; readonly path: string; readonly spec: string }
  | {
      readonly kind: 'factory'
      /** Absolute path of the factory's module. */
      readonly path: string
      /**
       * `(argument) => Executor | Promise<Executor>`;
       * a throw is a load failure (exit 2).
       */
      readonly export: string
      /** Plain, structured-cloneable data. */
      readonly argument: unknown
      /** How it is named in messages. */
      readonly label: string
    }

/** A bad `--executor` (exit 2), with the fix. */
export class ExecutorRefError extends Error {
  override readonly name = 'ExecutorRefError'
}

/** Resolve `--executor`: a name or a path. */
export function executorRef(spec: string, bundled: readonly BundledRef[], cwd = process.cwd()): ExecutorRef {
  const found = bundled.find((b) => b.name === spec)
  if (found)
    return {
      kind: 'bundled',
      name: found.name,
      path: found.path,
      export: found.export,
      ...(found.vendors && { vendors: found.vendors }),
    }
  if (!/[./\\]/.test(spec)) {
    throw new ExecutorRefError(
      `unknown executor "${spec}": use one of ${bundled.map((b) => b.name).join(', ')}, or a path to a module that exports an Executor`,
    )
  }
  const path = resolve(cwd, spec)
  let stat
  try {
    stat = statSync(path)
  } catch {
    throw new ExecutorRefError(`executor module not found: ${path} (check the path)`)
  }
  if (!stat.isFile())
    throw new ExecutorRefError(
      `executor module ${spec} is not a regular file (give the path to a .ts, .mts, .js, .mjs or .cjs module)`,
    )
  return { kind: 'module', path, spec }
}

/** Its name in messages and replay commands. */
export function refLabel(ref: ExecutorRef): string {
  return ref.kind === 'bundled' ? ref.name : ref.kind === 'module' ? ref.spec : ref.label
}
