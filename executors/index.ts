// The bundled executors, by the names the CLI accepts.
import type { Executor } from '../harness/contract/executor.ts'
import { naive } from './naive.ts'
import { reference } from './reference/reference.ts'
import { ZOO } from './flawed/index.ts'

export const BUNDLED_EXECUTORS: Readonly<Record<string, Executor>> = {
  reference,
  naive,
  ...Object.fromEntries(ZOO.map((m) => [m.executor.name, m.executor])),
}
