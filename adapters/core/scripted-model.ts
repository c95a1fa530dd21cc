// faultline's model inside a framework's loop:
// it calls the tool the plan asks for, then
// reads what the loop sent back and stops.
import type { LoopAsk, LoopTold } from './loop-ask.ts'

/** What the model has in front of it, framework-free. */
export interface ModelView {
  /** The user turns' text, in order. */
  readonly userText: readonly string[]
  /** Tool results in the conversation, by call id. */
  readonly results: readonly { readonly toolCallId: string; readonly told: LoopTold }[]
}

/** The model's next message. */
export type ModelMove =
  | { readonly kind: 'call'; readonly toolCallId: string; readonly tool: string; readonly input: string }
  | { readonly kind: 'say'; readonly text: string }

const ASK = /\[faultline ask (call_[A-Za-z0-9]+)\]/g

/**
 * The asks of one process. A turn names its ask
 * in the user's text, so a model called by an
 * abandoned turn still finds its own.
 */
export class Script {
  readonly #asks = new Map<string, { readonly ask: LoopAsk; told: LoopTold | null }>()

  /** Expect `ask`; the user's text for its turn. */
  begin(ask: LoopAsk): string {
    this.#asks.set(ask.toolCallId, { ask, told: null })
    return `Please ${ask.tool} for ${ask.operation.stepId}. [faultline ask ${ask.toolCallId}]`
  }

  /** What the model read of the ask; forgets it. */
  end(toolCallId: string): LoopTold | null {
    const told = this.#asks.get(toolCallId)?.told ?? null
    this.#asks.delete(toolCallId)
    return told
  }

  /** Call the ask's tool once; read its result; stop. */
  next(view: ModelView): ModelMove {
    const id = lastAsk(view.userText)
    const entry = id === null ? undefined : this.#asks.get(id)
    if (!entry) return { kind: 'say', text: 'There is nothing for me to do.' }
    const seen = view.results.findLast((r) => r.toolCallId === entry.ask.toolCallId)
    if (!seen) {
      const { toolCallId, tool, args } = entry.ask
      return { kind: 'call', toolCallId, tool, input: JSON.stringify(args) }
    }
    entry.told ??= seen.told
    return { kind: 'say', text: 'Noted.' }
  }
}

function lastAsk(texts: readonly string[]): string | null {
  let id: string | null = null
  for (const text of texts) for (const m of text.matchAll(ASK)) id = m[1] ?? id
  return id
}
