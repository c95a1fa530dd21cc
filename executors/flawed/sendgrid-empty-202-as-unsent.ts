// Bug: SendGrid's 202 has no JSON body with an id, which a Resend-minded mapping reads as "not sent", so it resends.
// Caught by: false-failure.
// The reference, except that its mapping,
// written for Resend's `{ id }`, wants an id
// in the body of a 2xx: SendGrid's 202 is
// empty, its id a header (docs/vendors.md G1).
// Every send is read as never sent, resent
// until the sends run out, then reported
// FAILED_NO_EFFECT — with the e-mails out.
import type { JudgeName } from '../../harness/contract/names.ts'
import { referenceMapping } from '../reference/exception-mapping.ts'
import { createReferenceExecutor, REFERENCE_POLICY } from '../reference/reference.ts'

export const catches: JudgeName = 'false-failure'

export default {
  ...createReferenceExecutor(
    {
      ...REFERENCE_POLICY,
      mapping: (observed) => {
        if ('response' in observed && observed.response.status >= 200 && observed.response.status < 300) {
          const id = (observed.response.body as { id?: unknown } | null)?.id
          // "No id, so nothing was sent."
          if (typeof id !== 'string') return 'not-sent'
        }
        return referenceMapping(observed)
      },
    },
    'sendgrid-empty-202-as-unsent',
  ),
  // Stripe's 2xx carry an id: its mistake shows on SendGrid.
  declare: () => ({ vendors: ['stripe', 'sendgrid'] as const }),
}
