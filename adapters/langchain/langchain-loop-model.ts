// faultline's model as a LangChain chat model:
// createAgent binds the team's tools to it and
// calls it with the conversation; it answers
// with an AIMessage, tool_calls or text.
import type { BaseChatModelCallOptions } from '@langchain/core/language_models/chat_models'
import { BaseChatModel, type BindToolsInput } from '@langchain/core/language_models/chat_models'
import type { BaseLanguageModelInput } from '@langchain/core/language_models/base'
import { AIMessage, type AIMessageChunk, type BaseMessage } from '@langchain/core/messages'
import type { Runnable } from '@langchain/core/runnables'
import type { ChatResult } from '@langchain/core/outputs'
import { convertToOpenAITool } from '@langchain/core/utils/function_calling'
import type { Script } from '../core/scripted-model.ts'
import { viewOf } from './langchain-loop-view.ts'

export interface FaultlineChatCallOptions extends BaseChatModelCallOptions {
  /** Bound by bindTools, as a provider's are. */
  readonly tools?: readonly unknown[]
}

/**
 * LangChain's fakes answer from a list: fakeModel()
 * (@langchain/core dist/testing/fake_model_builder.js)
 * a queue, one per call, every call's messages kept;
 * FakeToolCallingModel (langchain dist/agents/tests/
 * utils.js) an index shared by every turn. This one
 * answers from the conversation in front of it.
 */
export class FaultlineChatModel extends BaseChatModel<FaultlineChatCallOptions> {
  readonly #script: Script

  constructor(script: Script) {
    super({})
    this.#script = script
  }

  _llmType(): string {
    return 'faultline'
  }

  /**
   * As a provider binds them (ChatOpenAI's
   * bindTools): call options, not the model;
   * createAgent rejects a model with tools.
   */
  override bindTools(
    tools: BindToolsInput[],
    kwargs?: Partial<FaultlineChatCallOptions>,
  ): Runnable<BaseLanguageModelInput, AIMessageChunk, FaultlineChatCallOptions> {
    return this.withConfig({ ...kwargs, tools: tools.map((t) => convertToOpenAITool(t)) })
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const move = this.#script.next(viewOf(messages))
    const message =
      move.kind === 'call'
        ? new AIMessage({
            content: '',
            tool_calls: [{ id: move.toolCallId, name: move.tool, args: JSON.parse(move.input), type: 'tool_call' }],
          })
        : new AIMessage(move.text)
    return { generations: [{ text: move.kind === 'say' ? move.text : '', message }] }
  }
}
