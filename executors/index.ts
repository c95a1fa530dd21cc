// The bundled executors, by the names the CLI accepts.
import type { Executor } from '../harness/contract/executor.ts'
import { naive } from './naive.ts'
import { reference } from './reference/reference.ts'

export const BUNDLED_EXECUTORS: Readonly<Record<string, Executor>> = { reference, naive }
