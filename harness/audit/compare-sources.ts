// The mapping beside the published sources, per
// kind of observation: where it departs from them,
// and whether they agree among themselves. Pure.
import type { ClientName, MappingClass } from '../contract/mapping.ts'
import { AUDIT_CASES, type ObservationKind } from './cases.ts'
import type { MatrixCell } from './grade-cells.ts'
import { PUBLISHED, SOURCES, type SourceId } from './sources.ts'

export interface SourceRow {
  readonly observation: ObservationKind
  /** The matrix rows of this kind. */
  readonly cases: readonly string[]
  /** The mapping's classes on those rows, with their clients. */
  readonly mapping: readonly { readonly class: MappingClass; readonly clients: readonly ClientName[] }[]
  readonly published: readonly {
    readonly source: SourceId
    readonly class: MappingClass | null
    readonly says: string
    readonly departs: boolean
  }[]
  /** The sources that classify it do not all agree. */
  readonly sourcesDisagree: boolean
}

export function compareSources(cells: readonly MatrixCell[]): SourceRow[] {
  const kinds = [...new Set(AUDIT_CASES.map((c) => c.observation))]
  return kinds.map((observation): SourceRow => {
    const cases = AUDIT_CASES.filter((c) => c.observation === observation).map((c) => c.id)
    const given = new Map<MappingClass, ClientName[]>()
    for (const cell of cells) {
      if (!cases.includes(cell.case) || cell.class === null) continue
      const clients = given.get(cell.class) ?? []
      if (!clients.includes(cell.client)) clients.push(cell.client)
      given.set(cell.class, clients)
    }
    const published = SOURCES.map(({ id }) => {
      const p = PUBLISHED[observation][id]
      return {
        source: id,
        class: p.class,
        says: p.says,
        departs: p.class !== null && given.size > 0 && [...given.keys()].some((c) => c !== p.class),
      }
    })
    const classes = new Set(published.map((p) => p.class).filter((c) => c !== null))
    return {
      observation,
      cases,
      mapping: [...given].map(([c, clients]) => ({ class: c, clients })),
      published,
      sourcesDisagree: classes.size > 1,
    }
  })
}
