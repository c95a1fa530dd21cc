// LangGraph's resume: a tool that refunds, then
// asks a human (interrupt()) before it answers.
// On resume LangGraph runs the tool again from
// its start (LangGraph docs, interrupts: "Side
// effects called before interrupt must be
// idempotent"; @langchain/langgraph 1.7.3): a
// refund with no key of its own is made twice.
// Installed: import from 'faultline/adapters/langchain'.
import { Command, interrupt, MemorySaver } from '@langchain/langgraph'
import { createAgent, tool } from 'langchain'
import { langChainLoopExecutor } from '../../../faultline/adapters/langchain.ts'
import { binding } from '../../adapters/support/binding.ts'
import { refundOrder } from './tools.plain.ts'

/** The refund, then the human's go for the e-mail. */
export const refundThenAsk = tool(
  async (input, config) => {
    const refund = await refundOrder.invoke(input, config)
    const notify = interrupt({ question: `Refunded ${refund.id}. E-mail the customer?` })
    return { ...refund, notify }
  },
  { name: 'refund_order', description: refundOrder.description, schema: refundOrder.schema },
)

export default langChainLoopExecutor({
  name: 'langchain-interrupt-resume',
  // A checkpointer: interrupt() needs one.
  agent: (model) => createAgent({ model, tools: [refundThenAsk], checkpointer: new MemorySaver() }),
  // The human says yes to every question.
  resume: () => new Command({ resume: 'yes' }),
  binding: { issue_refund: binding.issue_refund! },
})
