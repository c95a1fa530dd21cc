// What faultline's model reads of the messages
// a LangChain agent sends it: the user's turns
// and each ToolMessage, as the model would.
import { type BaseMessage, HumanMessage, ToolMessage } from '@langchain/core/messages'
import type { LoopTold } from '../core/loop.ts'
import type { ModelView } from '../core/scripted-model.ts'
import { observationOf } from './observation-of.ts'

/** The conversation, framework-free. */
export function viewOf(messages: readonly BaseMessage[]): ModelView {
  const userText: string[] = []
  const results: { toolCallId: string; told: LoopTold }[] = []
  for (const m of messages) {
    if (HumanMessage.isInstance(m)) userText.push(m.text)
    else if (ToolMessage.isInstance(m)) results.push({ toolCallId: m.tool_call_id, told: toldOf(m) })
  }
  return { userText, results }
}

/**
 * A ToolMessage as the model reads it: status
 * `error` (ToolNode's handler, the retry
 * middleware's last word) is an error; else
 * its content, JSON text read back.
 */
export function toldOf(message: ToolMessage): LoopTold {
  const tool = message.name ?? 'the tool'
  const seen = observationOf(tool, message)
  if (seen.kind === 'tool-message-error')
    return { kind: 'error', tool, text: typeof seen.content === 'string' ? seen.content : message.text }
  return { kind: 'result', tool, value: seen.kind === 'returned' ? seen.value : message.content }
}
