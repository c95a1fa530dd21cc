// What the GitHub Actions runner reads as a
// workflow command in a step's output, as it
// parses (actions/runner): lines split at CR
// or LF (its line reader); `::name …::` after
// leading blanks (ActionCommand.TryParseV2);
// `##[name …]` anywhere (TryParse); Azure's
// `##vso[` likewise.

/** The lines that would be commands. */
export function runnerCommands(text: string): string[] {
  const found: string[] = []
  for (const line of text.split(/\r\n|\r|\n/)) {
    const t = line.trimStart()
    if (t.startsWith('::') && t.indexOf('::', 2) > 0) found.push(t)
    else if (/##(vso)?\[/i.test(line)) found.push(line)
  }
  return found
}

/** faultline's own annotation: `::error title=<judge>::`. */
export const OUR_ANNOTATION = /^::error title=[a-z-]+::/

/** Raw C0 (but LF and tab), DEL, C1: ESC, BEL, CR, CSI. */
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/

/** A forged annotation, colour, a title, BEL, CR, CSI, `##[`, a pipe, markup. */
export const HOSTILE_NAME =
  'x\n::error file=a::forged\u001b[31mred\u001b]0;title\u0007\r::warning::cr ##[error]old \u009b2J | `t` <script>alert(1)</script><!-- \u202e'
