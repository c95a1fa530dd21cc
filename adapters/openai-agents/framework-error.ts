// invoke() catches what a tool throws and returns
// text instead (agents-core dist/tool.mjs,
// resolveToolFailure): this tells that text from
// a result, so an error is read as an error.
import { RunContext, tool, type FunctionTool } from '@openai/agents'

let learned: Promise<string> | undefined

/**
 * The sentence every error becomes by default
 * (dist/tool.mjs, defaultToolErrorFunction),
 * learned from the installed framework once:
 * a probe tool that throws, invoked.
 */
export function defaultErrorText(): Promise<string> {
  learned ??= tool({
    name: 'faultline_probe',
    description: 'Throws, to learn what invoke() answers.',
    parameters: { type: 'object', properties: {}, required: [], additionalProperties: false },
    strict: true,
    execute: () => {
      throw new Error('probe')
    },
  })
    .invoke(new RunContext({}), '{}')
    .then(String)
  return learned
}

/**
 * The framework's own error text in `value`, or
 * null: the default error function's sentence
 * (also what invalid JSON or arguments the
 * schema refuses become), or its default
 * timeout message (dist/tool.mjs,
 * defaultFunctionToolTimeoutErrorMessage).
 * A custom errorFunction's text is the team's
 * answer: it reaches the classifier as returned.
 */
export function frameworkErrorText(
  t: FunctionTool<unknown, never, unknown>,
  value: unknown,
  defaultText: string,
): string | null {
  if (typeof value !== 'string') return null
  if (value === defaultText) return value
  const timedOut =
    t.timeoutMs !== undefined &&
    t.timeoutBehavior !== 'raise_exception' &&
    !t.timeoutErrorFunction &&
    value === `Tool '${t.name}' timed out after ${t.timeoutMs}ms.`
  return timedOut ? value : null
}
