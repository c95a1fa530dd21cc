import { describe, expect, it } from 'vitest'
import type { ToolContract } from '../../../harness/contract/executor.ts'
import { declaredContract } from '../../../harness/judge/declared-contract.ts'
import { history } from './history-builder.ts'

const booted = (contracts?: Record<string, ToolContract>) => ({
  type: 'process-booted' as const,
  generation: 1,
  ...(contracts && { contracts }),
})

describe('declaredContract', () => {
  it('fires when a tool declared idempotent makes a second effect for the same arguments in another call', () => {
    const h = history()
      .runStarted()
      .add(booted({ issue_refund: { idempotent: true, destructive: true } }))
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .report('r/s1', 1, 'SUCCEEDED')
      .callStarted('r/s2')
      .attempt('r/s2', 2)
      .effect('r/s2', 2, 're_2')
      .report('r/s2', 1, 'SUCCEEDED')
      .build()
    const found = declaredContract(h)
    expect(found).toHaveLength(1)
    expect(found[0]).toMatchObject({ judge: 'declared-contract', call: 'r/s2', tool: 'issue_refund' })
    expect(found[0]?.message).toContain('idempotentHint: true')
    expect(found[0]?.message).toContain('2 calls with the same arguments made 2 effects (re_1, re_2)')
  })

  it('is silent for the same history when nothing was declared', () => {
    const h = history()
      .runStarted()
      .add(booted())
      .callStarted('r/s1')
      .attempt('r/s1', 1)
      .effect('r/s1', 1, 're_1')
      .callStarted('r/s2')
      .attempt('r/s2', 2)
      .effect('r/s2', 2, 're_2')
      .build()
    expect(declaredContract(h)).toEqual([])
  })

  it('fires on an effect of a tool that declared destructiveHint: false or readOnlyHint: true', () => {
    const make = (c: ToolContract) =>
      history()
        .runStarted()
        .add(booted({ issue_refund: c }))
        .callStarted('r/s1')
        .attempt('r/s1', 1)
        .effect('r/s1', 1, 're_1')
        .build()
    expect(declaredContract(make({ destructive: false }))[0]?.message).toContain(
      'declares destructiveHint: false, yet made refund re_1',
    )
    expect(declaredContract(make({ readOnly: true }))[0]?.message).toContain('readOnlyHint: true')
    expect(declaredContract(make({ destructive: true, idempotent: true }))).toEqual([])
  })
})
