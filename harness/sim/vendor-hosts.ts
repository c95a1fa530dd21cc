// Which mock service a request's host names:
// `<service>.test`, or a vendor SDK's default
// API host, so `new Stripe(key)` needs no
// host option (docs/vendors.md S10, R6).
import { DEFAULT_VENDORS, type Vendors } from '../contract/vendors.ts'
import { VENDOR_SPECS } from '../../mock-services/vendors/registry.ts'

/** A host's service, and its vendor if a vendor's. */
export interface HostService {
  readonly service: string
  /** null: `<service>.test`, any vendor. */
  readonly vendor: string | null
}

/** Vendor API hosts the mock services answer at. */
export const VENDOR_HOSTS: readonly string[] = VENDOR_SPECS.flatMap((v) => v.hosts)

/**
 * The service a host names (`payments.test`
 * → payments), or null: not simulated here.
 */
export function serviceOfHost(hostname: string): HostService | null {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.endsWith('.test')) return { service: host.slice(0, -'.test'.length), vendor: null }
  const spec = VENDOR_SPECS.find((v) => v.matches(host))
  return spec ? { service: spec.role, vendor: spec.vendor } : null
}

/** The vendor a service plays (its default if unsaid). */
export function vendorOf(service: { readonly name: string; readonly vendor?: string }): string | undefined {
  return service.vendor ?? DEFAULT_VENDORS[service.name as keyof typeof DEFAULT_VENDORS]
}

/** The default hosts of the named vendors. */
export function hostsOf(vendors: readonly string[]): readonly string[] {
  return VENDOR_SPECS.filter((v) => vendors.includes(v.vendor)).flatMap((v) => v.hosts)
}

/**
 * The AWS SDK's credential chain asks these when
 * no credentials are set (IMDS, ECS): an SES
 * probe's team saw only "tried PUT 169.254…".
 */
const AWS_METADATA = new Set(['169.254.169.254', '[fd00:ec2::254]', 'fd00:ec2::254', '169.254.170.2'])

/**
 * Why a request to `host` elsewhere was refused,
 * with the hosts of the run's `vendors`.
 */
export function onlyMocks(host: string, vendors: readonly string[]): string {
  const other = serviceOfHost(host)
  const hint = AWS_METADATA.has(host)
    ? "; that is the AWS SDK looking for credentials none were given: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (any value) or the client's credentials"
    : other?.vendor && !vendors.includes(other.vendor)
      ? `; ${host} is ${other.vendor}'s: play it with --vendors ${other.service}=${other.vendor}`
      : ''
  return `a run reaches only the mock services (ctx.services, or its vendors' default hosts: ${hostsOf(vendors).join(', ')})${hint}`
}

/**
 * Why a run's own service host was refused:
 * its client opens sockets of its own, which
 * msw's interceptors never see.
 */
export const AROUND_INTERCEPTION =
  'a mock service of this run answers there, but faultline does not see this client: it intercepts global fetch (looked up when called), node:http and node:https (which axios and the vendor SDKs use by default) and the undici package (its global dispatcher, and its own Agents, Clients and Pools), not node:http2, raw sockets or an undici bundled into another file; call the service through one it intercepts'

/** Does a run playing `vendors` answer at `hostname`? */
export function servesHost(vendors: Vendors, hostname: string): boolean {
  const host = serviceOfHost(hostname)
  if (host?.service !== 'payments' && host?.service !== 'email') return false
  return host.vendor === null || host.vendor === vendors[host.service]
}

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
