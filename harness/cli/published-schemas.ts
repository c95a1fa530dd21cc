// The JSON Schema files the package publishes under schemas/, each generated
// from the zod schema that validates the format (npm run build writes them).
import { jsonSchemas } from '../campaign/json-schemas.ts'

export const PUBLISHED_SCHEMAS: readonly { readonly file: string; readonly schema: () => Record<string, unknown> }[] = Object.entries(jsonSchemas()).map(([file, schema]) => ({ file, schema: () => schema }))
