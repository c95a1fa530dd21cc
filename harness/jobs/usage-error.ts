/**
 * Bad user input: exit 2, with a
 * one-line reason naming the fix.
 */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
