// The AWS SDK reads retries, profile and config
// files from the machine: a test of its defaults
// sees none of a developer's AWS settings.
import { vi } from 'vitest'

const READ = [
  'AWS_MAX_ATTEMPTS',
  'AWS_RETRY_MODE',
  'AWS_PROFILE',
  'AWS_REGION',
  'AWS_ENDPOINT_URL',
  'AWS_ENDPOINT_URL_SESV2',
]

export function isolateAwsEnv(): void {
  for (const name of READ) vi.stubEnv(name, undefined)
  vi.stubEnv('AWS_CONFIG_FILE', '/nonexistent/faultline/aws-config')
  vi.stubEnv('AWS_SHARED_CREDENTIALS_FILE', '/nonexistent/faultline/aws-credentials')
}
