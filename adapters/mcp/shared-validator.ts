// The client checks structured content against each
// tool's output schema (client/index.js callTool).
// Its default builds an Ajv per client and compiles
// per listTools: per booted process (~4 ms). One
// Ajv, each schema compiled once by its text, does
// the same checks (~0.9 ms for the whole open()).
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js'
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'

/** Distinct schemas kept; past it, start again. */
const KEEP = 64

// Ajv keeps what it compiled: replaced with the map.
let ajv = new AjvJsonSchemaValidator()
const compiled = new Map<string, JsonSchemaValidator<unknown>>()

export const sharedValidator: jsonSchemaValidator = {
  getValidator<T>(schema: Parameters<jsonSchemaValidator['getValidator']>[0]): JsonSchemaValidator<T> {
    const text = JSON.stringify(schema)
    let v = compiled.get(text)
    if (!v) {
      if (compiled.size >= KEEP) {
        compiled.clear()
        ajv = new AjvJsonSchemaValidator()
      }
      v = ajv.getValidator(schema)
      compiled.set(text, v)
    }
    return v as JsonSchemaValidator<T>
  },
}
