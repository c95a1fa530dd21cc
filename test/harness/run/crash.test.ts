// Executor crashes are real: a dead process reaches
// neither network nor storage; what it sent may
// still land; the next process boots on the same
// durable storage, recovers, and is asked again.
import net from 'node:net'
import type { Database } from 'better-sqlite3'
import { Client, Pool } from 'undici'
import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../harness/contract/executor.ts'
import type { ExecutorCrash } from '../../../harness/faults/executor-crash.ts'
import { eventsOf } from '../../../harness/history/history.ts'
import { runScenario } from '../../../harness/run/runner.ts'
import { refundScenario } from '../../support/scenario.ts'

const crash = (point: ExecutorCrash['point'], nth: number, pauseMs = 1_000): ExecutorCrash => ({
  kind: 'executor-crash',
  boundary: 'executor',
  step: 's1',
  point,
  nth,
  pauseMs,
})

/** Logs to SQLite, sends one refund, logs again. */
function scripted(notes: string[]): Executor {
  return {
    name: 'scripted',
    async boot(ctx) {
      const db = ctx.storage.sqlite('log')
      db.exec('CREATE TABLE IF NOT EXISTS log (what TEXT)') // write 1 of every process
      const previous = (db.prepare('SELECT what FROM log').all() as { what: string }[]).map((r) => r.what)
      notes.push(`boot sees [${previous.join(',')}]`)
      return {
        async recover(deadline) {
          notes.push(`recover with ${deadline - Date.now()} ms left`)
        },
        async callTool(call) {
          try {
            db.prepare('INSERT INTO log VALUES (?)').run(`before ${call.stepId}`)
            const r = await fetch(`${ctx.services.payments}/v1/refunds`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': `key-${call.stepId}` },
              body: 'payment_intent=pi_1&amount=100',
            })
            notes.push(`response ${r.status}`)
            db.prepare('INSERT INTO log VALUES (?)').run(`after ${call.stepId}`)
            await fetch(`${ctx.services.payments}/v1/refunds?payment_intent=pi_1`)
            return { status: 'SUCCEEDED', retry_safe: true, effect: null, action_taken: 'sent', message: '' }
          } catch (e) {
            notes.push(`threw ${(e as Error).name}`)
            throw e
          }
        },
      }
    },
  }
}

async function run(faults: ExecutorCrash[]) {
  const notes: string[] = []
  const { history } = await runScenario(
    refundScenario({ faults, model: { maxAsks: 1, regenerateArgs: false } }),
    scripted(notes),
  )
  return { notes, history }
}

describe('executor crashes', () => {
  it('after a durable write: the write survives, the next process sees it, recovers, and is asked again', async () => {
    const { notes, history } = await run([crash('after-write', 1, 3_000)]) // s1's first write: "before s1"
    expect(notes).toEqual([
      'boot sees []',
      'threw ProcessCrashed',
      'boot sees [before s1]',
      'recover with 45000 ms left',
      'response 200',
    ])
    const crashed = eventsOf(history, 'process-crashed')
    expect(crashed).toEqual([expect.objectContaining({ generation: 1, point: 'after-write #1', call: 'run-7/s1' })])
    const booted = eventsOf(history, 'process-booted')
    expect(booted.map((b) => b.generation)).toEqual([1, 2])
    expect(booted[1]!.t - crashed[0]!.t).toBe(3_000) // the pause
    expect(eventsOf(history, 'call-started').map((c) => [c.call, c.ask])).toEqual([
      ['run-7/s1', 1],
      ['run-7/s1', 2],
    ])
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
  })

  it('after a send: the request lands, the dead process never hears back, and its later work is fenced', async () => {
    const { notes, history } = await run([crash('after-send', 1, 10_000)])
    // Process 1 sent the refund and died: refund done,
    // no response reached it.
    expect(notes[0]).toBe('boot sees []')
    expect(notes).not.toContain('threw ProcessCrashed') // it never got far enough to touch anything again
    expect(eventsOf(history, 'effect-applied').map((e) => e.attempt)).toEqual([1])
    // Process 2 used the same key: replayed, no second refund.
    const replies = eventsOf(history, 'response-sent')
    expect(replies.some((r) => r.replayed)).toBe(true)
    expect(notes).toContain('boot sees [before s1]')
  })

  it('after a response arrives: the response is lost with the process', async () => {
    const { notes, history } = await run([crash('after-response', 1, 0)])
    expect(notes.filter((n) => n.startsWith('response'))).toEqual(['response 200']) // only process 2 read one
    expect(eventsOf(history, 'process-crashed')).toHaveLength(1)
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
  })

  it('a dead process that tries the network or its storage gets nowhere', async () => {
    const attempts: string[] = []
    let boots = 0
    const zombie: Executor = {
      name: 'zombie',
      async boot(ctx) {
        const me = ++boots
        const db = ctx.storage.sqlite('z')
        return {
          async callTool() {
            // A timer armed before the crash dies with it.
            setTimeout(() => attempts.push(`process ${me}: a timer armed before the write fired`), 50)
            try {
              db.exec('CREATE TABLE IF NOT EXISTS t (x)') // write 1: process 1 dies right after it
            } catch {
              // a careless process carries on regardless
            }
            // What it runs on its way down (queued
            // microtasks) gets nowhere.
            void Promise.resolve().then(() => {
              fetch(`${ctx.services.payments}/v1/refunds`, {
                method: 'POST',
                body: 'payment_intent=pi_1&amount=100',
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              }).then(
                () => attempts.push(`process ${me}: request answered`),
                () => attempts.push(`process ${me}: request failed`),
              )
              // Nor a host beyond the mocks: fenced too.
              if (me === 1) net.connect(80, '93.184.216.34').on('error', () => {})
              try {
                db.prepare('INSERT INTO t VALUES (1)').run()
                attempts.push(`process ${me}: wrote`)
              } catch (e) {
                attempts.push(`process ${me}: write refused (${(e as Error).name})`)
              }
              // A timer armed by a dead process never fires.
              setTimeout(() => attempts.push(`process ${me}: a timer armed after the write fired`), 100)
            })
            return new Promise(() => {}) // never answers
          },
        }
      },
    }
    const { history } = await runScenario(
      refundScenario({ faults: [crash('after-write', 1, 1_000)], model: { maxAsks: 1, regenerateArgs: false } }),
      zombie,
    )
    expect(attempts.filter((a) => a.startsWith('process 1'))).toEqual(['process 1: write refused (ProcessCrashed)'])
    const fenced = eventsOf(history, 'fenced').map((e) => `${e.generation} ${e.what}`)
    expect(fenced.sort()).toEqual(['1 POST /v1/refunds', '1 connect 93.184.216.34:80'])
    // The dead's attempts are no finding.
    expect(eventsOf(history, 'executor-fault').filter((e) => e.problem === 'blocked-network')).toEqual([])
    // Only process 2's request reached the service.
    expect(eventsOf(history, 'effect-applied')).toHaveLength(1)
    expect(attempts).toContain('process 2: request answered')
    // Process 2's timers fire; none of process 1's.
    expect(attempts).toEqual(
      expect.arrayContaining([
        'process 2: a timer armed before the write fired',
        'process 2: a timer armed after the write fired',
      ]),
    )
  })

  // The simulated processes share module state
  // (README): a dead one's requests, sent or
  // queued, must not hold the survivor's
  // connection.
  it.each([
    ['a Client', () => new Client('https://payments.test')],
    ['a Pool of one connection', () => new Pool('https://payments.test', { connections: 1 })],
  ])('%s kept at module level: the next process sends on it after a crash in flight', async (_, make) => {
    const dispatcher = make()
    const notes: string[] = []
    const refund = async (key: string) => {
      const { statusCode, body } = await dispatcher.request({
        path: '/v1/refunds',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
        body: 'payment_intent=pi_1&amount=100',
      })
      notes.push(`${key} ${statusCode}`)
      await body.text()
    }
    const kept: Executor = {
      name: 'kept-client',
      async boot() {
        return {
          async callTool(call) {
            // One at a time on the one connection.
            await Promise.all([refund(`${call.stepId}-a`), refund(`${call.stepId}-b`)])
            return { status: 'SUCCEEDED', retry_safe: true, effect: null, action_taken: 'sent', message: '' }
          },
        }
      },
    }
    const { history } = await runScenario(
      refundScenario({ faults: [crash('after-send', 1, 1_000)], model: { maxAsks: 1, regenerateArgs: false } }),
      kept,
    )
    expect(eventsOf(history, 'executor-fault')).toEqual([])
    // Process 1's first landed; its second, queued, was fenced.
    expect(eventsOf(history, 'fenced').map((f) => `${f.generation} ${f.what}`)).toEqual(['1 POST /v1/refunds'])
    expect(notes).toEqual(['s1-a 200', 's1-b 200']) // process 2's
    expect(eventsOf(history, 'effect-applied')).toHaveLength(2)
    expect(eventsOf(history, 'outcome-reported').map((o) => o.envelope.status)).toEqual(['SUCCEEDED'])
  })

  it("a pause past 24 h outlives the service's keys: the same key makes a second refund", async () => {
    const { history } = await run([crash('after-response', 1, 25 * 60 * 60 * 1000)])
    // Process 1's refund landed; process 2 sent the
    // same key 25 h later: forgotten, refund 2.
    expect(eventsOf(history, 'effect-applied')).toHaveLength(2)
    expect(eventsOf(history, 'response-sent').every((r) => !r.replayed)).toBe(true)
  })
})

describe('work done outside a tool call', () => {
  it("recover() resending what was in flight is judged as that call's work: a second refund is a duplicate", async () => {
    const resender: Executor = {
      name: 'recover-resends',
      async boot(ctx) {
        const post = (key: string) =>
          fetch(`${ctx.services.payments}/v1/refunds`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': key },
            body: 'payment_intent=pi_1&amount=100',
          })
        return {
          async recover() {
            await (await post(`recovered-${Date.now()}`)).text() // a new key: the original may have landed
          },
          async callTool() {
            await (await post('first')).text()
            return { status: 'SUCCEEDED', retry_safe: true, effect: null, action_taken: 'sent', message: '' }
          },
        }
      },
    }
    const { history } = await runScenario(
      refundScenario({ faults: [crash('after-send', 1, 1_000)], model: { maxAsks: 1, regenerateArgs: false } }),
      resender,
    )
    const effects = eventsOf(history, 'effect-applied')
    expect(effects.map((e) => e.call)).toEqual(['run-7/s1', 'run-7/s1']) // original, recover()'s resend; the re-ask replays
    const { judge } = await import('../../../harness/judge/verdict.ts')
    expect(judge(history).violations.map((v) => v.judge)).toContain('duplicate-effect')
  })
})

describe("a crash ends the process's database connections", () => {
  type Work = (db: Database, payments: string) => unknown

  /** Each process's view of the database, noted at boot. */
  function sqlUser(notes: string[], work: Work): Executor {
    return {
      name: 'sql-user',
      async boot(ctx) {
        const db = ctx.storage.sqlite('outbox')
        db.exec('CREATE TABLE IF NOT EXISTS o (k TEXT)') // no call yet: not counted
        const rows = (db.prepare('SELECT k FROM o').all() as { k: string }[]).map((r) => r.k)
        const temp = db.prepare("SELECT name FROM temp.sqlite_master WHERE name = 'scratch'").get()
        notes.push(`boot sees [${rows.join(',')}]${temp ? ' and the TEMP table' : ''}`)
        return {
          async callTool() {
            try {
              await work(db, ctx.services.payments)
              notes.push('done')
            } catch (e) {
              notes.push(`threw ${(e as Error).message}`)
              throw e
            }
            return { status: 'SUCCEEDED', retry_safe: false, effect: null, action_taken: 'logged', message: '' }
          },
        }
      },
    }
  }

  async function crashAt(point: ExecutorCrash['point'], nth: number, work: Work) {
    const notes: string[] = []
    const { history } = await runScenario(
      refundScenario({ faults: [crash(point, nth, 0)], model: { maxAsks: 1, regenerateArgs: false } }),
      sqlUser(notes, work),
    )
    expect(eventsOf(history, 'process-crashed')).toHaveLength(1)
    expect(eventsOf(history, 'executor-fault')).toEqual([])
    return notes
  }

  const refund = (payments: string) =>
    fetch(`${payments}/v1/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'k' },
      body: 'payment_intent=pi_1&amount=100',
    })

  it('an open transaction rolls back, and the next process can begin its own', async () => {
    // The call's write 2 is the INSERT: the
    // process dies inside the transaction.
    const notes = await crashAt('after-write', 2, (db) => {
      db.exec('BEGIN IMMEDIATE')
      db.prepare('INSERT INTO o VALUES (?)').run('uncommitted')
      db.exec('COMMIT')
    })
    // None of the dead one's rows, and the
    // next BEGIN does not throw.
    expect(notes).toEqual(['boot sees []', 'threw executor process 1 has crashed', 'boot sees []', 'done'])
  })

  it('a write crashing inside db.transaction() leaves what was committed', async () => {
    const notes = await crashAt('after-write', 2, (db) => {
      db.prepare('INSERT INTO o VALUES (?)').run('committed') // write 1
      db.transaction(() => db.prepare('INSERT INTO o VALUES (?)').run('in-tx'))() // write 2
    })
    expect(notes).toEqual(['boot sees []', 'threw executor process 1 has crashed', 'boot sees [committed]', 'done'])
  })

  it("TEMP tables and an open iterator go with the dead process's connection", async () => {
    const notes = await crashAt('after-send', 1, async (db, payments) => {
      db.exec('CREATE TEMP TABLE IF NOT EXISTS scratch (x)')
      const rows = db.prepare('SELECT k FROM o').iterate()
      rows.next() // open across the send: the connection is busy
      await refund(payments)
      rows.return?.()
    })
    // Process 1 never hears back; process 2 has
    // no TEMP table and may use the connection.
    expect(notes).toEqual(['boot sees []', 'boot sees []', 'done'])
  })
})

describe('the end of a run', () => {
  it("closes a database an iterator left open: the executor's leftover, not the harness's failure", async () => {
    const executor: Executor = {
      name: 'open-iterator',
      async boot(ctx) {
        const db = ctx.storage.sqlite('outbox')
        db.exec('CREATE TABLE IF NOT EXISTS o (k TEXT); INSERT INTO o VALUES (1), (2)')
        return {
          async callTool() {
            db.prepare('SELECT k FROM o').iterate().next() // never finished
            return { status: 'SUCCEEDED', retry_safe: false, effect: null, action_taken: 'read', message: '' }
          },
        }
      },
    }
    const { history } = await runScenario(refundScenario({ model: { maxAsks: 1, regenerateArgs: false } }), executor)
    expect(eventsOf(history, 'outcome-reported')).toHaveLength(1)
    expect(eventsOf(history, 'executor-fault')).toEqual([])
  })
})

describe('a process that closes its database', () => {
  it('closes its own handle: the data stays, and a crash after it still restarts the process', async () => {
    const notes: string[] = []
    const executor: Executor = {
      name: 'closes-its-db',
      async boot(ctx) {
        const db = ctx.storage.sqlite('o')
        db.exec('CREATE TABLE IF NOT EXISTS o (k TEXT)')
        notes.push(`boot sees ${(db.prepare('SELECT count(*) AS n FROM o').get() as { n: number }).n} row(s)`)
        return {
          async callTool() {
            const mine = ctx.storage.sqlite('o')
            mine.prepare('INSERT INTO o VALUES (?)').run('kept')
            mine.close()
            notes.push(`open after close: ${mine.open}`)
            try {
              mine.prepare('SELECT 1')
            } catch (e) {
              notes.push((e as Error).message)
            }
            await fetch(`${ctx.services.payments}/v1/refunds`, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': 'k' },
              body: 'payment_intent=pi_1&amount=100',
            })
            return { status: 'SUCCEEDED', retry_safe: false, effect: null, action_taken: 'sent', message: '' }
          },
        }
      },
    }
    const { history } = await runScenario(
      refundScenario({ faults: [crash('after-send', 1, 0)], model: { maxAsks: 2, regenerateArgs: false } }),
      executor,
    )
    expect(eventsOf(history, 'process-crashed')).toHaveLength(1)
    expect(eventsOf(history, 'executor-fault')).toEqual([])
    expect(notes).toEqual([
      'boot sees 0 row(s)',
      'open after close: false',
      'The database connection is not open',
      'boot sees 1 row(s)',
      'open after close: false',
      'The database connection is not open',
    ])
  })
})
