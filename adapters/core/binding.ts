// How faultline's plan reaches a team's tools: each
// faultline tool bound to one of theirs, argument by
// argument, checked against the tool's own schema.
import { TOOLS } from '../../harness/contract/tools.ts'

/**
 * One team argument: a faultline argument's
 * name, a constant, or an argument mapped (a
 * unit: `{ from: 'amount', map: (major) =>
 * Math.round(Number(major) * 100) }`).
 */
export type ArgSource =
  | string
  | { readonly value: unknown }
  | { readonly from: string; readonly map: (value: unknown) => unknown }

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

/** Decimal, in major units (49.9): never an integer field's as is. */
const DECIMAL = new Set(['amount'])

/** A source's faultline argument; null: a constant. */
function fromOf(source: ArgSource): string | null {
  if (typeof source === 'string') return source
  return 'from' in source ? source.from : null
}

/** The first problem with one argument's source; or null. */
function sourceProblem(at: string, ours: string, tool: FoundTool, field: string, source: ArgSource): string | null {
  const props = tool.inputSchema.properties ?? {}
  if (!(field in props))
    return `${at}: ${tool.name}'s input schema has no field "${field}" (its fields: ${Object.keys(props).join(', ') || 'none'})`
  if (
    typeof source !== 'string' &&
    (typeof source !== 'object' || source === null || !('value' in source || 'from' in source))
  )
    return `${at}: give an argument's name, { value } for a constant, or { from, map } to convert one`
  const from = fromOf(source)
  if (from !== null && !argsOf(ours).includes(from))
    return `${at}: "${from}" is not an argument of ${ours} (use ${argsOf(ours).join(', ')}, or { value } for a constant)`
  if (typeof source === 'object' && 'map' in source && !('from' in source))
    return `${at}: a map converts an argument: give { from, map }`
  if (typeof source === 'object' && 'from' in source && typeof source.map !== 'function')
    return `${at}.map: a function from ${ours}'s ${from} to ${tool.name}'s ${field}`
  const type = props[field]?.type
  const integer = type === 'integer' || (Array.isArray(type) && type.includes('integer') && !type.includes('number'))
  if (typeof source === 'string' && integer && DECIMAL.has(source))
    return `${at}: ${tool.name}'s "${field}" is an integer, and ${ours}'s ${source} is a decimal in major units (49.9): convert it, e.g. { from: '${source}', map: (major) => Math.round(Number(major) * 100) } for minor units`
  return null
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
    for (const [field, source] of Object.entries(b.args ?? {})) {
      const problem = sourceProblem(`${at}.args.${field}`, ours, tool, field, source)
      if (problem) return problem
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
    const from = fromOf(source)
    let value = from === null ? (source as { value: unknown }).value : args[from]
    if (value === undefined) continue
    // A re-worded "49.90" is mapped as 49.9.
    if (typeof source === 'object' && 'from' in source) value = source.map(asType(value, 'number'))
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
