// Which mock service a request's host names:
// `<service>.test`, or a vendor SDK's default
// API host, so `new Stripe(key)` needs no
// host option (docs/vendors.md S10, R6).

/** Vendor API hosts the mock services answer at. */
export const VENDOR_HOSTS: ReadonlyMap<string, string> = new Map([
  ['api.stripe.com', 'payments'],
  ['api.resend.com', 'email'],
])

/**
 * The service a host names (`payments.test`
 * → payments), or null: not simulated here.
 */
export function serviceOfHost(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.endsWith('.test')) return host.slice(0, -'.test'.length)
  return VENDOR_HOSTS.get(host) ?? null
}

/** Why a request elsewhere was refused. */
export const ONLY_MOCKS = `a run reaches only the mock services (ctx.services, or ${[...VENDOR_HOSTS.keys()].join(', ')})`

/** Is the URL's host one the harness answers? */
export function isSimulatedUrl(url: string): boolean {
  let hostname: string
  try {
    hostname = new URL(url).hostname
  } catch {
    return false
  }
  return serviceOfHost(hostname) !== null
}
