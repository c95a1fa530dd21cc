// The e-mail records as a plain map: the order,
// ids and tag search the @mswjs/data table gave.
import { describe, expect, it } from 'vitest'
import { EmailStore } from '../../../mock-services/email/store.ts'

const email = (id: string, tags: { name: string; value: string }[], visibleAt = 0) => ({
  id,
  from: 'shop@example.com',
  to: ['a@example.com'],
  subject: `about ${id}`,
  html: null,
  text: id === 'e_1' ? 'hello' : null,
  tags,
  created_at: '2026-01-01T09:00:00.000Z',
  visibleAt,
})

describe('EmailStore', () => {
  it('lists newest first, visible only; finds by id and by tag', () => {
    const store = new EmailStore()
    store.create(email('e_1', [{ name: 'order', value: 'o1' }]))
    store.create(email('e_2', [{ name: 'order', value: 'o2' }], 50))
    store.create(email('e_3', [{ name: 'order', value: 'o1' }]))
    expect(store.all((at) => at <= 10).map((e) => e.id)).toEqual(['e_3', 'e_1'])
    expect(store.withTag({ name: 'order', value: 'o1' }, () => true).map((e) => e.id)).toEqual(['e_3', 'e_1'])
    expect(store.get('e_1')?.email).toMatchObject({ html: null, text: 'hello', to: ['a@example.com'] })
    expect(store.get('e_2')?.visibleAt).toBe(50)
    expect(store.get('e_9')).toBeNull()
  })

  it('refuses a taken id, as @mswjs/data did', () => {
    const store = new EmailStore()
    store.create(email('e_1', []))
    expect(() => store.create(email('e_1', []))).toThrow(
      'an entity with the same primary key "e_1" ("id") already exists',
    )
  })
})
