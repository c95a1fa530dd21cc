// How faultline's plan reaches a team's tools: each
// faultline tool bound to one of theirs, argument by
// argument, checked against the tool's own schema.
import { TOOLS } from '../../harness/contract/tools.ts'

/** One team argument: a faultline argument's name, or a constant. */
export type ArgSource = string | { readonly value: unknown }

export interface ToolBinding {
  /** The team's tool name. */
  readonly tool: string
  /** Team argument ← where it comes from. */
  readonly args: Readonly<Record<string, ArgSource>>
}

/** By faultline tool (`issue_refund`, `charge_card`, `send_email`). */
export type Binding = Readonly<Record<string, ToolBinding>>

/** The part of a JSON Schema a binding is checked against. */
export interface InputSchema {
  readonly properties?: Readonly<Record<string, { readonly type?: string | readonly string[] }>>
  readonly required?: readonly string[]
}

/** A team tool as the adapter found it. */
export interface FoundTool {
  readonly name: string
  readonly inputSchema: InputSchema
}

/** What a faultline tool's plan steps carry. */
function argsOf(tool: string): readonly string[] {
  return [...(TOOLS[tool]?.identity ?? []), 'reason']
}

/** The first problem, in one line naming the field; or null. */
export function bindingProblem(binding: Binding, found: readonly FoundTool[]): string | null {
  if (typeof binding !== 'object' || binding === null) return 'the binding must be an object keyed by faultline tool'
  const entries = Object.entries(binding)
  if (entries.length === 0) return `the binding binds no tool: bind one of ${Object.keys(TOOLS).join(', ')}`
  const names = found.map((t) => t.name)
  for (const [ours, b] of entries) {
    const at = `binding.${ours}`
    if (!TOOLS[ours]) return `${at}: "${ours}" is not a faultline tool (use ${Object.keys(TOOLS).join(', ')})`
    const tool = found.find((t) => t.name === b?.tool)
    if (!tool) return `${at}.tool: no tool "${b?.tool}" among the module's tools (${names.join(', ') || 'none'})`
    const props = tool.inputSchema.properties ?? {}
    for (const [field, source] of Object.entries(b.args ?? {})) {
      if (!(field in props))
        return `${at}.args.${field}: ${tool.name}'s input schema has no field "${field}" (its fields: ${Object.keys(props).join(', ') || 'none'})`
      if (typeof source === 'string' && !argsOf(ours).includes(source))
        return `${at}.args.${field}: "${source}" is not an argument of ${ours} (use ${argsOf(ours).join(', ')}, or { value } for a constant)`
    }
    for (const field of tool.inputSchema.required ?? [])
      if (!(field in (b.args ?? {})))
        return `${at}.args: ${tool.name} requires "${field}", which the binding does not give`
  }
  return null
}

/**
 * The team's arguments for one ask, each as its
 * schema's type: the model writes to the schema,
 * so a re-worded "49.90" is 49.9 for a number.
 */
export function bindArgs(
  b: ToolBinding,
  args: Readonly<Record<string, unknown>>,
  schema: InputSchema,
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [field, source] of Object.entries(b.args)) {
    const value = typeof source === 'string' ? args[source] : source.value
    if (value === undefined) continue
    out[field] = asType(value, schema.properties?.[field]?.type)
  }
  return out
}

function asType(value: unknown, type: string | readonly string[] | undefined): unknown {
  const types = typeof type === 'string' ? [type] : (type ?? [])
  if (types.includes(typeof value)) return value
  if ((types.includes('number') || types.includes('integer')) && typeof value === 'string') {
    const n = Number(value.trim())
    if (value.trim() !== '' && Number.isFinite(n)) return n
  }
  if (types.includes('string') && typeof value === 'number') return String(value)
  return value
}
