// A function tool's `parameters` (JSON Schema, as
// tool() built it) read as a binding is checked,
// and filled as a strict-mode model writes it.
import type { InputSchema } from '../core/binding.ts'

interface Property {
  readonly type?: string | readonly string[]
  readonly anyOf?: readonly Property[]
}

/** What tool() left in `parameters`. */
export interface ToolParameters {
  readonly properties?: Readonly<Record<string, Property>>
  readonly required?: readonly string[]
}

/**
 * Strict mode lists every field as required and
 * makes `.optional()` ones nullable (agents-core
 * dist/utils/tools.mjs, toOpenAIStrictToolSchema):
 * a field that takes null is not one to bind.
 */
export function inputSchemaOf(parameters: ToolParameters): InputSchema {
  const properties: Record<string, { type: readonly string[] }> = {}
  for (const [field, p] of Object.entries(parameters.properties ?? {})) properties[field] = { type: typesOf(p) }
  const required = (parameters.required ?? []).filter((f) => !properties[f]?.type.includes('null'))
  return { properties, required }
}

/**
 * The arguments as the model sends them: strict
 * mode makes it write null for a field it leaves.
 */
export function withNulls(
  args: Readonly<Record<string, unknown>>,
  parameters: ToolParameters,
  schema: InputSchema,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...args }
  for (const field of parameters.required ?? []) {
    const type = schema.properties?.[field]?.type
    if (!(field in out) && Array.isArray(type) && type.includes('null')) out[field] = null
  }
  return out
}

/** `type`, or the union of an `anyOf`'s. */
function typesOf(p: Property | undefined): readonly string[] {
  if (!p) return []
  if (typeof p.type === 'string') return [p.type]
  if (Array.isArray(p.type)) return p.type
  return [...new Set((p.anyOf ?? []).flatMap(typesOf))]
}
