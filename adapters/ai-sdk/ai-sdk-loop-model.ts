// faultline's model as an AI SDK language model:
// the SDK's own test seam (ai/test's
// MockLanguageModelV4, spec v4), its prompt read
// into a ModelView, its move a tool call or text.
import { MockLanguageModelV4 } from 'ai/test'
import { oneLine } from '../../harness/contract/one-line.ts'
import type { LoopTold } from '../core/loop.ts'
import type { ModelMove, ModelView, Script } from '../core/scripted-model.ts'

/** What faultline hands `agent(model, ctx)`. */
export type AiSdkLoopModel = MockLanguageModelV4

type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0]
type Prompt = CallOptions['prompt']
type Result = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>
type Output = Extract<Prompt[number], { role: 'tool' }>['content'][number] & { type: 'tool-result' }

// Usage the loop adds up; nothing is counted.
const USAGE: Result['usage'] = {
  inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 0, text: 0, reasoning: undefined },
}

/**
 * A model that answers from `script`; `calls`
 * counts its calls, so a turn can tell whether
 * the team's agent used it at all.
 */
export function aiSdkLoopModel(script: Script): { model: AiSdkLoopModel; calls: () => number } {
  let calls = 0
  const model: AiSdkLoopModel = new MockLanguageModelV4({
    provider: 'faultline',
    modelId: 'scripted',
    doGenerate: async (options) => {
      calls++
      // The mock keeps every call's options; a
      // process answers many asks: keep none.
      model.doGenerateCalls.length = 0
      return resultOf(script.next(viewOf(options.prompt)))
    },
  })
  return { model, calls: () => calls }
}

/** The prompt, framework-free: user text, tool results. */
export function viewOf(prompt: Prompt): ModelView {
  const userText: string[] = []
  const results: { toolCallId: string; told: LoopTold }[] = []
  for (const message of prompt) {
    if (message.role === 'user')
      userText.push(
        message.content
          .filter((p) => p.type === 'text')
          .map((p) => p.text)
          .join('\n'),
      )
    if (message.role === 'tool')
      for (const part of message.content)
        if (part.type === 'tool-result') results.push({ toolCallId: part.toolCallId, told: toldOf(part) })
  }
  return { userText, results }
}

/**
 * An output as the model reads it: the loop's
 * tool-error is error-text (createToolModelOutput,
 * errorMode "text": getErrorMessage(error)).
 */
function toldOf({ toolName: tool, output }: Output): LoopTold {
  switch (output.type) {
    case 'text':
    case 'json':
      return { kind: 'result', tool, value: output.value }
    case 'content':
      return { kind: 'result', tool, value: output.value.map((p) => (p.type === 'text' ? p.text : '')).join('\n') }
    case 'error-text':
      return { kind: 'error', tool, text: output.value }
    case 'error-json':
      return { kind: 'error', tool, text: oneLine(JSON.stringify(output.value)) }
    case 'execution-denied':
      // Never run: the model reads a refusal.
      return { kind: 'error', tool, text: `Tool execution denied${output.reason ? `: ${output.reason}` : '.'}` }
  }
}

function resultOf(move: ModelMove): Result {
  if (move.kind === 'call')
    return {
      content: [{ type: 'tool-call', toolCallId: move.toolCallId, toolName: move.tool, input: move.input }],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage: USAGE,
      warnings: [],
    }
  return {
    content: [{ type: 'text', text: move.text }],
    finishReason: { unified: 'stop', raw: undefined },
    usage: USAGE,
    warnings: [],
  }
}
