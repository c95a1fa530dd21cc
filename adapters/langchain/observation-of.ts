// What `tool.invoke(toolCall)` resolved to, read as
// the model would: a ToolMessage's status and content.
import { ToolMessage } from '@langchain/core/messages'
import type { ToolObservation } from '../core/classifier.ts'

/**
 * A ToolMessage with status `error` is the tool's
 * own error result (LangChain never makes one from
 * a throw on this path: StructuredTool.call rethrows,
 * @langchain/core/dist/tools/index.js). A success
 * message gives its content; anything else (no tool
 * call id, a langgraph Command) is the value as is.
 */
export function observationOf(tool: string, out: unknown): ToolObservation {
  if (!ToolMessage.isInstance(out)) return { kind: 'returned', tool, value: out }
  if (out.status === 'error') return { kind: 'tool-message-error', tool, content: textOf(out.content) }
  return { kind: 'returned', tool, value: parsed(textOf(out.content)) }
}

/**
 * _formatToolOutput (dist/tools/index.js) keeps a
 * string or content blocks and JSON-stringifies any
 * other value; text blocks are read as their text.
 */
function textOf(content: unknown): unknown {
  if (!Array.isArray(content) || content.length === 0) return content
  const texts = content.map((b) => (b?.type === 'text' && typeof b.text === 'string' ? b.text : null))
  return texts.every((t) => t !== null) ? texts.join('') : content
}

/** JSON text of an object back to the object. */
function parsed(content: unknown): unknown {
  if (typeof content !== 'string' || !/^\s*[[{]/.test(content)) return content
  try {
    return JSON.parse(content)
  } catch {
    return content
  }
}
