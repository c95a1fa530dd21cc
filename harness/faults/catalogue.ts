// Every fault kind, by name. Scenario validation and generation read this.
import type { ConnectionRefused } from './connection-refused.ts'
import { connectionRefused } from './connection-refused.ts'
import type { FaultKind } from './fault.ts'
import type { LateDelivery } from './late-delivery.ts'
import { lateDelivery } from './late-delivery.ts'
import type { ResetAfterEffect } from './reset-after-effect.ts'
import { resetAfterEffect } from './reset-after-effect.ts'
import type { ServerFailsBeforeApply } from './server-fails-before-apply.ts'
import { serverFailsBeforeApply } from './server-fails-before-apply.ts'
import type { WithholdAfterEffect } from './withhold-after-effect.ts'
import { withholdAfterEffect } from './withhold-after-effect.ts'

/** A fault of any kind: scenario data. */
export type Fault = ConnectionRefused | ServerFailsBeforeApply | ResetAfterEffect | WithholdAfterEffect | LateDelivery

export const FAULT_KINDS: { readonly [K in Fault['kind']]: FaultKind<Extract<Fault, { kind: K }>> } = {
  'connection-refused': connectionRefused,
  'server-fails-before-apply': serverFailsBeforeApply,
  'reset-after-effect': resetAfterEffect,
  'withhold-after-effect': withholdAfterEffect,
  'late-delivery': lateDelivery,
}

export function faultKind(fault: Fault): FaultKind<Fault> {
  return FAULT_KINDS[fault.kind] as FaultKind<Fault>
}
