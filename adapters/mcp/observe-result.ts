// What `client.callTool` resolved to, as the
// classifier reads it: only what crosses the
// wire (an error's text, never its object).
import type { ToolObservation } from '../core/classifier.ts'

/** The parts of a CallToolResult read here (types.js). */
export interface CallToolAnswer {
  readonly content?: readonly { readonly type: string; readonly text?: unknown }[]
  readonly structuredContent?: unknown
  readonly isError?: boolean
  /** A pre-2024-11-05 server's whole result. */
  readonly toolResult?: unknown
}

/**
 * `isError: true` is the tool's error (mcp.js turns a
 * throw, bad arguments, an unknown tool into it);
 * else its structured content, else its text.
 */
export function observeResult(tool: string, answer: CallToolAnswer): ToolObservation {
  const texts = (answer.content ?? []).filter((c) => c.type === 'text').map((c) => String(c.text ?? ''))
  if (answer.isError === true) return { kind: 'mcp-error', tool, text: texts.join('\n') }
  if (answer.structuredContent !== undefined) return { kind: 'returned', tool, value: answer.structuredContent }
  if ('toolResult' in answer) return { kind: 'returned', tool, value: answer.toolResult }
  return { kind: 'returned', tool, value: contentValue(answer.content ?? [], texts) }
}

/**
 * One text as its value, several as a list; no
 * content is undefined, which cannot be placed.
 */
function contentValue(content: readonly unknown[], texts: readonly string[]): unknown {
  if (texts.length === 1) return parsed(texts[0]!)
  if (texts.length > 1) return texts.map(parsed)
  return content.length > 0 ? content : undefined
}

/** JSON text as its value (a model reads it so). */
function parsed(text: string): unknown {
  const t = text.trim()
  if (!/^[[{"]/.test(t)) return text
  try {
    return JSON.parse(t)
  } catch {
    return text
  }
}
