// The client's end of the in-memory transport,
// where the run's tool-transport faults strike
// a tools/call and its answer (harness/faults/
// tool-*.ts); every other message passes as is.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js'
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js'
import { type StruckCall, type TransportControl, toolTransport } from '../../harness/contract/tool-transport.ts'

/** Fires the calling request's own timeout. */
const timeOuts = new AsyncLocalStorage<() => void>()

/**
 * Run `fn` (one client.callTool) so a fault can
 * fire its timeout: `timeOut` aborts its signal
 * with the McpError the SDK's timer would raise.
 */
export function withTimeOut<T>(timeOut: () => void, fn: () => T): T {
  return timeOuts.run(timeOut, fn)
}

/** A struck request, until its answer or give-up. */
interface Struck {
  answered(answer: JSONRPCMessage): void
  gaveUp(): void
}

export class StruckTransport implements Transport {
  onclose?: () => void
  onerror?: (error: Error) => void
  onmessage?: (message: JSONRPCMessage, extra?: MessageExtraInfo) => void
  readonly #inner: InMemoryTransport
  readonly #struck = new Map<RequestId, Struck>()
  #open = true

  /** Kills the server's process and closes its pipe. */
  readonly #crashServer: () => void

  constructor(inner: InMemoryTransport, crashServer: () => void) {
    this.#inner = inner
    this.#crashServer = crashServer
  }

  async start(): Promise<void> {
    this.#inner.onmessage = (message, extra) => this.#fromServer(message, extra)
    this.#inner.onerror = (error) => this.onerror?.(error)
    this.#inner.onclose = () => {
      this.#open = false
      // Protocol._onclose rejects every request.
      for (const s of [...this.#struck.values()]) s.gaveUp()
      this.onclose?.()
    }
    await this.#inner.start()
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && message.method === 'tools/call' && 'id' in message) {
      const fault = toolTransport()?.strike() ?? null
      // Resolves as a send would: the client waits.
      if (fault) return void this.#strike(fault, message, options)
    }
    if ('method' in message && message.method === 'notifications/cancelled') {
      const id = (message.params as { requestId?: RequestId } | undefined)?.requestId
      if (id !== undefined) this.#struck.get(id)?.gaveUp()
    }
    return this.#inner.send(message, options)
  }

  close(): Promise<void> {
    return this.#inner.close()
  }

  #fromServer(message: JSONRPCMessage, extra?: MessageExtraInfo): void {
    const id = !('method' in message) && 'id' in message ? message.id : undefined
    const answer = id === undefined ? undefined : this.#struck.get(id)
    if (answer) answer.answered(message)
    else this.onmessage?.(message, extra)
  }

  /** The fault's kind decides the request's fate. */
  async #strike(fault: StruckCall, request: JSONRPCMessage & { id: RequestId }, options?: TransportSendOptions) {
    const timeOut = timeOuts.getStore() ?? null
    let answered: (answer: JSONRPCMessage) => void = () => {}
    const answer = new Promise<JSONRPCMessage>((resolve) => (answered = resolve))
    let gaveUp: () => void = () => {}
    const givenUp = new Promise<void>((resolve) => (gaveUp = resolve))
    this.#struck.set(request.id, {
      answered: (a) => answered(a),
      gaveUp: () => {
        this.#struck.delete(request.id)
        gaveUp()
      },
    })
    const ctl: TransportControl = {
      deliver: () => {
        // Not connected: it never arrives.
        this.#inner.send(request, options).catch(() => {})
        return answer
      },
      toClient: (a) => {
        this.#struck.delete(request.id)
        if (this.#open) this.onmessage?.(a as JSONRPCMessage)
      },
      hold: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      giveUpWithin: (ms) => {
        // Cleared when the client wins: a stray
        // timer would pull virtual time forward.
        let timer: ReturnType<typeof setTimeout> | undefined
        const held = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
        return Promise.race([givenUp.then(() => (clearTimeout(timer), true)), held])
      },
      timeOut: () => timeOut?.(),
      close: () => void this.#inner.close(),
      crashServer: () => this.#crashServer(),
    }
    try {
      await fault.play(ctl)
    } catch (e) {
      this.onerror?.(e instanceof Error ? e : new Error(String(e)))
    }
  }
}
