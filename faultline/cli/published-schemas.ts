// The JSON Schema files published under schemas/,
// each made from the zod schema of its format.
import { z } from 'zod'
import { AUDIT_FORMAT, AUDIT_RESULT_SCHEMA, AUDIT_VERSION } from '../../harness/audit/result.ts'
import { jsonSchemas } from '../../harness/campaign/json-schemas.ts'

function all(): Record<string, Record<string, unknown>> {
  return {
    ...jsonSchemas(),
    'audit-mapping.schema.json': {
      ...z.toJSONSchema(AUDIT_RESULT_SCHEMA, { io: 'input' }),
      $id: `urn:faultline:schema:audit-mapping:${AUDIT_VERSION}`,
      title: `faultline audit-mapping result, version ${AUDIT_VERSION}`,
      description: `What faultline audit-mapping --json prints (format ${AUDIT_FORMAT}, version ${AUDIT_VERSION}) and faultline report reads: the matrix, the consequences and the published sources.`,
    },
  }
}

export const PUBLISHED_SCHEMAS: readonly { readonly file: string; readonly schema: () => Record<string, unknown> }[] =
  Object.keys(all()).map((file) => ({ file, schema: () => all()[file]! }))
