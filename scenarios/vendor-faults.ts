// Faults a run's vendors can give: an error
// a vendor never answers (a 409 "key in use"
// without keys) is drawn as its 503 instead.
import type { Vendors } from '../harness/contract/vendors.ts'
import { TOOLS } from '../harness/contract/tools.ts'
import type { Fault } from '../harness/faults/catalogue.ts'
import type { PlanStep } from '../harness/scenario/scenario.ts'
import type { ServiceErrorKind } from '../mock-services/service.ts'
import { EMAIL_VENDOR_SPECS, PAYMENTS_VENDOR_SPECS } from '../mock-services/vendors/registry.ts'

const KIND: Readonly<Record<number, ServiceErrorKind>> = {
  429: 'rate-limited',
  503: 'unavailable',
  400: 'validation',
  409: 'key-in-use',
}

/** `faults`, each one its step's vendor can give. */
export function faithfulToVendors(faults: Fault[], plan: readonly PlanStep[], vendors: Vendors): Fault[] {
  const answers = {
    payments: PAYMENTS_VENDOR_SPECS[vendors.payments]?.answers,
    email: EMAIL_VENDOR_SPECS[vendors.email]?.answers,
  }
  if (!answers.payments && !answers.email) return faults
  const roleOf = new Map(plan.map((p) => [p.stepId, TOOLS[p.tool]?.service]))
  return faults.map((f) => {
    if (f.kind !== 'error-response') return f
    const kind = KIND[f.status]
    if (kind === undefined) return f
    const role = roleOf.get(f.step)
    // The abort's calls: either service.
    const roles = role ? [role] : (['payments', 'email'] as const)
    const can = roles.every((r) => answers[r] === undefined || answers[r].includes(kind))
    return can ? f : { ...f, status: 503 }
  })
}
