// The JSON Schema files the package publishes under schemas/, each generated
// from the zod schema that validates the format (npm run build writes them).
import { scenarioJsonSchema } from '../scenario/json-schema.ts'

export const PUBLISHED_SCHEMAS: readonly { readonly file: string; readonly schema: () => Record<string, unknown> }[] = [{ file: 'scenario.schema.json', schema: scenarioJsonSchema }]
