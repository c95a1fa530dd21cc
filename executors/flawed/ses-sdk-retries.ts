// Bug: SES sent through the official SDK at its defaults: its 3 attempts resend a send that landed.
// Caught by: duplicate-effect.
// The reference, except that send_email goes
// through @aws-sdk/client-sesv2 as its README
// shows (region, keys). The standard retry mode
// resends after a 5xx or a reset (docs/vendors.md
// A11), and SendEmail has no token (A1): a send
// that landed before its answer was lost is sent
// again before the reference sees anything.
import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2'
import type { JudgeName } from '../../harness/contract/names.ts'
import type { Observed, ObservedRequest } from '../../harness/contract/mapping.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'
import { byVendor, type ToolChoice } from '../reference/tool-choice.ts'
import type { ToolAdapter } from '../reference/tools/tool-adapter.ts'
import { sesEmailAdapter } from '../reference/vendors/ses.ts'

export const catches: JudgeName = 'duplicate-effect'

const SENT: ObservedRequest = {
  method: 'POST',
  url: 'https://email.us-east-1.amazonaws.com/v2/email/outbound-emails',
  purpose: 'send',
}

type ServiceError = Error & { $metadata?: { httpStatusCode?: number }; $response?: unknown }

/** The SDK's answer or throw, as the reference reads observations. */
async function throughSdk(ses: SESv2Client, body: string, signal: AbortSignal | undefined): Promise<Observed> {
  try {
    const out = await ses.send(new SendEmailCommand(JSON.parse(body)), { abortSignal: signal })
    return { client: 'http', request: SENT, response: { status: 200, headers: {}, body: { MessageId: out.MessageId } } }
  } catch (e) {
    const error = e as ServiceError
    const status = error.$metadata?.httpStatusCode
    // An answer the SDK parsed: SES's shape again.
    if (status !== undefined && error.$response !== undefined)
      return {
        client: 'http',
        request: SENT,
        response: { status, headers: { 'x-amzn-errortype': error.name }, body: { message: error.message } },
      }
    return { client: 'http', request: SENT, error }
  }
}

// The SDK's "Node 22 from 2027" notice, once per
// worker, would only crowd a report's stderr.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const sdkTools: ToolChoice = (ctx) => {
  const tools = byVendor(ctx)
  if (ctx.vendors.email !== 'ses') return tools
  const ses = new SESv2Client({
    region: 'us-east-1',
    credentials: { accessKeyId: 'AKIDFAULTLINE', secretAccessKey: 'faultline-secret' },
    // Its defaults, written out: else the
    // machine's AWS_MAX_ATTEMPTS, AWS_RETRY_MODE
    // or ~/.aws/config would change the run.
    maxAttempts: 3,
    retryMode: 'standard',
  })
  const adapter: ToolAdapter<object> = {
    ...sesEmailAdapter(ctx.services.email),
    send: (body, _key, stop) => throughSdk(ses, body, stop.signal),
  } as ToolAdapter<object>
  return { ...tools, send_email: adapter }
}

export default {
  ...createReferenceExecutor({ ...REFERENCE_POLICY, tools: sdkTools }, 'ses-sdk-retries'),
  // Its mistake is SES's: a campaign with SES.
  declare: () => ({ vendors: ['stripe', 'square', 'paypal', 'ses'] as const }),
}
