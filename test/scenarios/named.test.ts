// Every named scenario: valid, not vacuous (its
// faults strike), passed by the reference and,
// where it rehearses a trap, failed by naive; a
// framework's incident caught in its own loop.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { naive } from '../../executors/naive.ts'
import { reference } from '../../executors/reference/reference.ts'
import { judge } from '../../harness/judge/verdict.ts'
import { runScenario } from '../../harness/run/runner.ts'
import { parseScenario, type Scenario } from '../../harness/scenario/scenario.ts'
import type { Executor } from '../../harness/contract/executor.ts'
import type { History } from '../../harness/history/history.ts'

const DIR = join(import.meta.dirname, '..', '..', 'scenarios', 'named')
const named: [string, Scenario][] = readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => {
    const parsed = parseScenario(JSON.parse(readFileSync(join(DIR, f), 'utf8')))
    if (!parsed.ok) throw new Error(`${f}: ${parsed.problem}`)
    return [f.replace(/\.json$/, ''), parsed.value]
  })

/**
 * Traps naive falls into (the rest it survives by luck,
 * or nothing was ambiguous).
 */
const NAIVE_FAILS = [
  'worked-example',
  'slow-response',
  'dropped-connection-after-server-acted',
  'email-dropped-after-sent',
  'duplicate-request',
  'late-arrival-after-retry',
  'gateway-504-upstream-finishes',
  'executor-crash-after-send',
  'key-expiry-after-long-pause',
  'disobedient-model',
  'probe-timeout',
  'visibility-lag',
  'rate-limit',
]

/**
 * A framework loop's incident (docs/agent-loops.md):
 * the team's agent as written falls into it, the
 * careful one does not. Its faults strike the
 * incident's agent; the bundled executors make no
 * tool call through a framework to strike.
 */
const LOOP_INCIDENTS: Record<string, { readonly agent: string; readonly careful: string; readonly finding: string }> = {
  'ai-sdk-tool-timeout': { agent: 'ai-sdk/tool-timeout', careful: 'ai-sdk/careful', finding: 'false-failure' },
  'openai-agents-tool-timeout': {
    agent: 'openai-agents/tool-timeout',
    careful: 'openai-agents/careful',
    finding: 'false-failure',
  },
  'langchain-retry-middleware': {
    agent: 'langchain/retry-middleware',
    careful: 'langchain/careful',
    finding: 'duplicate-effect',
  },
  'langchain-interrupt-resume': {
    agent: 'langchain/interrupt-resume',
    careful: 'langchain/careful',
    finding: 'duplicate-effect',
  },
  'mcp-late-handler': { agent: 'mcp/late-handler', careful: 'mcp/careful', finding: 'false-failure' },
  'mcp-response-dropped': { agent: 'mcp/late-handler', careful: 'mcp/careful', finding: 'false-failure' },
}

const loopModule = async (at: string): Promise<Executor> =>
  (await import(join(DIR, '..', '..', 'examples', 'loops', `${at}.faultline.ts`))).default

describe('named scenarios', () => {
  it('include the worked example, the five failures every team should rehearse, and one per catalogue boundary', () => {
    const names = named.map(([n]) => n)
    for (const n of [
      'worked-example',
      'slow-response',
      'dropped-connection-after-server-acted',
      'duplicate-request',
      'rate-limit',
      'permanent-validation-error',
    ])
      expect(names).toContain(n)
    const boundaries = new Set(named.flatMap(([, s]) => s.faults.map((f) => f.boundary)))
    for (const b of [
      'before-send',
      'in-transit',
      'after-receipt',
      'after-effect',
      'gateway',
      'response',
      'probe',
      'service',
      'executor',
      'tool-transport',
    ])
      expect(boundaries).toContain(b)
    expect(named.some(([, s]) => s.model.ignoresRetrySafe || s.model.askAgainAfterSuccess)).toBe(true) // the model boundary
  })

  const struck = (history: History) =>
    history.filter((e) => e.type === 'fault-injected' || e.type === 'process-crashed').length

  describe.each(named.filter(([n]) => !(n in LOOP_INCIDENTS)))('%s', (name, scenario) => {
    it('is passed by the reference executor, and its faults really strike', async () => {
      const { history } = await runScenario(scenario, reference)
      expect(judge(history).violations).toEqual([])
      expect(struck(history)).toBe(scenario.faults.length)
    })

    it(NAIVE_FAILS.includes(name) ? 'catches the naive executor' : 'is survived by the naive executor', async () => {
      const violations = judge((await runScenario(scenario, naive)).history).violations
      expect(violations.length > 0).toBe(NAIVE_FAILS.includes(name))
    })
  })

  describe.each(named.filter(([n]) => n in LOOP_INCIDENTS))("%s, in its framework's loop", (name, scenario) => {
    const { agent, careful, finding } = LOOP_INCIDENTS[name]!

    it(`catches the agent as written (${agent}): ${finding}; its faults strike`, async () => {
      const { history } = await runScenario(scenario, await loopModule(agent))
      expect(judge(history).violations.map((v) => v.judge)).toContain(finding)
      expect(struck(history)).toBe(scenario.faults.length)
    })

    it(`is passed by the careful agent (${careful}) and by the reference`, async () => {
      expect(judge((await runScenario(scenario, await loopModule(careful))).history).violations).toEqual([])
      expect(judge((await runScenario(scenario, reference)).history).violations).toEqual([])
    })
  })

  it('the worked example refunds once and e-mails once, and says so', async () => {
    const scenario = named.find(([n]) => n === 'worked-example')![1]
    const { history } = await runScenario(scenario, reference)
    const effects = history
      .filter((e) => e.type === 'effect-applied')
      .map((e) => (e as { effectType: string }).effectType)
    expect(effects.sort()).toEqual(['email', 'refund'])
    const reports = history
      .filter((e) => e.type === 'outcome-reported')
      .map((e) => (e as { envelope: { status: string } }).envelope.status)
    expect(reports).toEqual(['SUCCEEDED', 'SUCCEEDED'])
  })
})
