// refund_order's input, as each framework's tool
// declares it (MCP takes its shape).
import { z } from 'zod'

export const refundInput = z.object({
  order_id: z.string(),
  payment_intent: z.string(),
  amount: z.number(),
  currency: z.string(),
  reason: z.string().optional(),
})

export type RefundInput = z.infer<typeof refundInput>
