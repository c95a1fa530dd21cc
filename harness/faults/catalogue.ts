// Every fault kind, by name. Scenario validation, generation and the docs read this.
import { connectionRefused, type ConnectionRefused } from './connection-refused.ts'
import { dnsFailure, type DnsFailure } from './dns-failure.ts'
import { dropped, type Dropped } from './dropped.ts'
import { errorResponse, type ErrorResponse } from './error-response.ts'
import { executorCrash, type ExecutorCrash } from './executor-crash.ts'
import type { RequestFaultKind } from './fault.ts'
import { gatewayTimeout, type GatewayTimeout } from './gateway-timeout.ts'
import { lateDelivery, type LateDelivery } from './late-delivery.ts'
import { latency, type Latency } from './latency.ts'
import { probeTimeout, type ProbeTimeout } from './probe-timeout.ts'
import { resetAfterEffect, type ResetAfterEffect } from './reset-after-effect.ts'
import { serverFailsBeforeApply, type ServerFailsBeforeApply } from './server-fails-before-apply.ts'
import { serviceRestart, type ServiceRestart } from './service-restart.ts'
import { withholdAfterEffect, type WithholdAfterEffect } from './withhold-after-effect.ts'

/** A fault on a request's path: scenario data. */
export type RequestFault =
  | ConnectionRefused
  | DnsFailure
  | Latency
  | LateDelivery
  | Dropped
  | ServerFailsBeforeApply
  | ResetAfterEffect
  | WithholdAfterEffect
  | GatewayTimeout
  | ErrorResponse
  | ProbeTimeout
  | ServiceRestart

/** A fault of any kind: scenario data. */
export type Fault = RequestFault | ExecutorCrash

export const REQUEST_FAULT_KINDS: { readonly [K in RequestFault['kind']]: RequestFaultKind<Extract<RequestFault, { kind: K }>> } = {
  'connection-refused': connectionRefused,
  'dns-failure': dnsFailure,
  latency,
  'late-delivery': lateDelivery,
  dropped,
  'server-fails-before-apply': serverFailsBeforeApply,
  'reset-after-effect': resetAfterEffect,
  'withhold-after-effect': withholdAfterEffect,
  'gateway-timeout': gatewayTimeout,
  'error-response': errorResponse,
  'probe-timeout': probeTimeout,
  'service-restart': serviceRestart,
}

/** Every kind with its boundary and parameter check (request faults and the executor crash). */
export const FAULT_KINDS: { readonly [K in Fault['kind']]: { readonly kind: K; readonly boundary: Extract<Fault, { kind: K }>['boundary']; readonly summary: string; check(f: Record<string, unknown>): string | null } } = {
  ...REQUEST_FAULT_KINDS,
  'executor-crash': executorCrash,
}

export function isRequestFault(f: Fault): f is RequestFault {
  return f.kind !== 'executor-crash'
}

export function requestFaultKind(fault: RequestFault): RequestFaultKind<RequestFault> {
  return REQUEST_FAULT_KINDS[fault.kind] as RequestFaultKind<RequestFault>
}
