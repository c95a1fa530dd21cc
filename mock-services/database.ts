// A new @mswjs/data database, with stack traces off:
// its factory formats one just to name the database
// (unused here), which cost a twentieth of a run.
import { factory } from '@mswjs/data'

export function newDatabase<Schema extends Parameters<typeof factory>[0]>(
  schema: Schema,
): ReturnType<typeof factory<Schema>> {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 0
  try {
    return factory(schema)
  } finally {
    Error.stackTraceLimit = limit
  }
}
