// The tool-transport kinds as catalogue data: named,
// addressed by tools/call, kept off the HTTP path.
import { describe, expect, it } from 'vitest'
import {
  FAULT_KINDS,
  isRequestFault,
  isToolTransportFault,
  TOOL_TRANSPORT_FAULTS,
  toolTransportKind,
} from '../../../harness/faults/catalogue.ts'

describe('the tool-transport kinds', () => {
  it('are in the catalogue at their boundary, each with its truth', () => {
    expect(TOOL_TRANSPORT_FAULTS.map((k) => k.kind)).toEqual([
      'tool-response-dropped',
      'tool-response-delayed',
      'tool-call-cancelled',
      'tool-connection-closed',
      'tool-server-crash',
    ])
    for (const k of TOOL_TRANSPORT_FAULTS) {
      expect(FAULT_KINDS[k.kind]).toMatchObject({ boundary: 'tool-transport' })
      expect(FAULT_KINDS[k.kind].truth).toMatch(/effect iff the handler's request (reached the service|left before)/)
    }
  })

  it('are addressed by step and n-th tools/call, never by send', () => {
    const ok = { kind: 'tool-response-dropped', boundary: 'tool-transport', step: 's1', call: 2 }
    expect(toolTransportKind(ok as never).schema.safeParse(ok).success).toBe(true)
    const bySend = { kind: 'tool-response-dropped', boundary: 'tool-transport', step: 's1', send: 2 }
    expect(toolTransportKind(ok as never).schema.safeParse(bySend).success).toBe(false)
    expect(isToolTransportFault(ok as never)).toBe(true)
    expect(isRequestFault(ok as never)).toBe(false)
    expect(isRequestFault({ kind: 'dropped', boundary: 'in-transit', step: 's1', send: 1 })).toBe(true)
  })
})
