// A new @mswjs/data database. Its factory names each database from a captured
// stack trace (Database#generateId: a frame of `new Error().stack`, hashed),
// an id used only to sync databases across browser tabs; formatting that stack
// (with source maps, under tsx) cost a twentieth of a run. Without a stack the
// id is the factory's call order alone, which nothing here reads.
import { factory } from '@mswjs/data'

export function newDatabase<Schema extends Parameters<typeof factory>[0]>(schema: Schema): ReturnType<typeof factory<Schema>> {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return factory(schema)
  } finally {
    Error.stackTraceLimit = limit
  }
}
