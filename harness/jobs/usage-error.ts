/** Bad input from the user: exit code 2 with a one-line reason that names the fix. */
export class UsageError extends Error {
  override readonly name = 'UsageError'
}
