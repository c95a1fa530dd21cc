// Every fault kind, by name: validation,
// generation, the pipeline and the docs read it.
import { bodyCut } from './body-cut.ts'
import { bodyStall } from './body-stall.ts'
import { connectionRefused } from './connection-refused.ts'
import { dnsFailure } from './dns-failure.ts'
import { dropped } from './dropped.ts'
import { errorResponse } from './error-response.ts'
import { executorCrash, type ExecutorCrash } from './executor-crash.ts'
import type { FaultOf, RequestFaultKind } from './fault.ts'
import { gatewayError } from './gateway-error.ts'
import { gatewayTimeout } from './gateway-timeout.ts'
import { lateDelivery } from './late-delivery.ts'
import { latency } from './latency.ts'
import { probeTimeout } from './probe-timeout.ts'
import { resetAfterEffect } from './reset-after-effect.ts'
import { serverFailsBeforeApply } from './server-fails-before-apply.ts'
import { serviceRestart } from './service-restart.ts'
import { toolCallCancelled } from './tool-call-cancelled.ts'
import { toolConnectionClosed } from './tool-connection-closed.ts'
import { toolResponseDelayed } from './tool-response-delayed.ts'
import { toolResponseDropped } from './tool-response-dropped.ts'
import { toolServerCrash } from './tool-server-crash.ts'
import type { ToolTransportFaultKind, ToolTransportFaultOf } from './tool-transport-fault.ts'
import { withholdAfterEffect } from './withhold-after-effect.ts'

/**
 * The request fault kinds, in the
 * catalogue's order (docs/faults.md).
 */
export const REQUEST_FAULTS = [
  connectionRefused,
  dnsFailure,
  latency,
  lateDelivery,
  dropped,
  serverFailsBeforeApply,
  resetAfterEffect,
  withholdAfterEffect,
  bodyCut,
  bodyStall,
  gatewayTimeout,
  gatewayError,
  errorResponse,
  probeTimeout,
  serviceRestart,
] as const

/** A fault on a request's path: scenario data. */
export type RequestFault = FaultOf<(typeof REQUEST_FAULTS)[number]>

/**
 * Faults on an MCP client's JSON-RPC messages,
 * drawn only for an executor that declares the
 * boundary (docs/faults.md).
 */
export const TOOL_TRANSPORT_FAULTS = [
  toolResponseDropped,
  toolResponseDelayed,
  toolCallCancelled,
  toolConnectionClosed,
  toolServerCrash,
] as const

/** A fault on a tools/call: scenario data. */
export type ToolTransportFault = ToolTransportFaultOf<(typeof TOOL_TRANSPORT_FAULTS)[number]>

/** A fault of any kind: scenario data. */
export type Fault = RequestFault | ExecutorCrash | ToolTransportFault

const BY_KIND = new Map<string, RequestFaultKind>(REQUEST_FAULTS.map((k) => [k.kind, k as unknown as RequestFaultKind]))

/** Every kind's name, boundary, summary and truth. */
export const FAULT_KINDS: Readonly<
  Record<
    Fault['kind'],
    { readonly kind: string; readonly boundary: string; readonly summary: string; readonly truth: string }
  >
> = Object.fromEntries(
  [...REQUEST_FAULTS, executorCrash, ...TOOL_TRANSPORT_FAULTS].map((k) => [
    k.kind,
    { kind: k.kind, boundary: k.boundary, summary: k.summary, truth: k.truth },
  ]),
) as never

export function isRequestFault(f: Fault): f is RequestFault {
  return f.kind !== 'executor-crash' && f.boundary !== 'tool-transport'
}

export function isToolTransportFault(f: Fault): f is ToolTransportFault {
  return f.boundary === 'tool-transport'
}

const TRANSPORT_BY_KIND = new Map<string, ToolTransportFaultKind>(
  TOOL_TRANSPORT_FAULTS.map((k) => [k.kind, k as unknown as ToolTransportFaultKind]),
)

/** The kind a tool-transport fault is of. */
export function toolTransportKind(fault: ToolTransportFault): ToolTransportFaultKind {
  return TRANSPORT_BY_KIND.get(fault.kind)!
}

/** The kind a request fault is of. */
export function requestFaultKind(fault: RequestFault): RequestFaultKind {
  return BY_KIND.get(fault.kind)!
}
