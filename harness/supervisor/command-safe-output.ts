// What an executor prints, forwarded so a
// CI runner never reads it as a command.
// The GitHub Actions runner parses stdout
// and stderr alike (ScriptHandler.cs gives
// both to an OutputManager): `::cmd::` at
// a line's start after blanks (TryParseV2
// trims), and the older `##[cmd]` anywhere
// in a line (TryParse); Azure's `##vso[`
// likewise. A backslash breaks each; the
// rest, colours too, passes as printed.
/** `::` (or its first `:`) opening a line. */
export const LINE_COLON = /(^|[\r\n])(\s*):/g
/** The older command prefixes, anywhere. */
export const OLD_COMMAND = /##(vso)?\[/gi

/** Longest tail of a prefix ("##vso"). */
const CARRY = 5

/**
 * A forwarder for `write`. Any chunk may
 * start a line (other writers share the
 * stream), so a `:` opening one is broken
 * even without its second `:`; a prefix
 * cut across two chunks is still caught.
 */
export function commandSafeOutput(write: (text: string) => void): (chunk: string) => void {
  let carry = ''
  // Cheap on a chatty executor: a scan
  // only for a chunk that has the char.
  return (chunk) => {
    let out = chunk.includes(':') ? chunk.replace(LINE_COLON, '$1$2\\:') : chunk
    if (out.includes('[')) out = `${carry}${out}`.replace(OLD_COMMAND, '##$1\\[').slice(carry.length)
    carry = out.length >= CARRY ? out.slice(-CARRY) : `${carry}${out}`.slice(-CARRY)
    write(out)
  }
}

/** One for the process: one stderr. */
export const toStderr = commandSafeOutput((text) => void process.stderr.write(text))
