import { primaryKey } from '@mswjs/data'
import { describe, expect, it } from 'vitest'
import { newDatabase } from '../../mock-services/database.ts'

const schema = { note: { id: primaryKey(String), text: String } }

describe('newDatabase', () => {
  it('makes independent databases and leaves the stack trace limit as it was', () => {
    const before = Error.stackTraceLimit
    const a = newDatabase(schema)
    const b = newDatabase(schema)
    a.note.create({ id: 'n1', text: 'in a' })
    expect(a.note.findFirst({ where: { id: { equals: 'n1' } } })?.text).toBe('in a')
    expect(b.note.count()).toBe(0)
    expect(Error.stackTraceLimit).toBe(before)
  })

  it('captures no stack while the factory runs (formatting one was the cost)', () => {
    let limitSeen: number | undefined
    const watched = {
      get probe() {
        limitSeen = Error.stackTraceLimit // read by the factory as it walks the schema
        return { id: primaryKey(String) }
      },
    }
    newDatabase(watched)
    expect(limitSeen).toBe(0)
  })
})
