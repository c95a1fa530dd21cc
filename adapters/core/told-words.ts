// What a tool's words claim, as a model reads
// them: left open, failed (maybe inviting it
// to ask again), or done. The loop's reading
// and the default classifier share it.

// Words that invite the model to ask again.
const AGAIN =
  /\b(try again|ask again|retry|retrying|timed out|time ?out|temporar(?:y|ily)|rate.?limit(?:ed)?|too many requests|unavailable)\b/i
// What was done, in a tool's words.
const DEEDS =
  'succeeded|successful(?:ly)?|success|done|sent|e-?mailed|delivered|issued|created|refunded|charged|completed|processed|accepted|submitted|initiated|queued|gone through|go through'
const DEED = `(?:${DEEDS})`
// Words that leave the outcome open: a model
// told them cannot claim either way. "Unknown
// error" says why it failed, not that it may
// have landed; "may not have" only of a deed
// ("may not have permission" is a failure);
// "check … before retrying" only of the outcome.
const OPEN = new RegExp(
  `\\b(unknown(?![ \\t]+(?:error|errors|reason|cause|exception|failure|issue|problem)\\b)|uncertain|not sure|not yet|in progress|may have|might have|could have|(?:may|might)(?: or (?:may|might))? not have (?:been |already )?(?:landed|happened|reached|arrived|${DEEDS})|may already|might already|whether or not|do not retry|don't retry|check (?:its|the) status|check (?:(?:the|its|your) )?(?:[\\w-]+ )?(?:dashboard|status|whether|if)\\b[^.!?\\n]{0,80}\\bbefore (?:retrying|trying again|asking again|you retry))\\b`,
  'i',
)
// "Nothing was", "none of the e-mails were"...
const NOTHING_WAS =
  '\\b(?:nothing|none(?:\\s+of\\s+(?:it|them|the\\s+[\\w-]+))?)\\s+(?:was|were|has\\s+been|have\\s+been|got|could\\s+be)\\s+(?:(?:actually|successfully)\\s+)?'
// A clause's end after "nothing was sent": a
// stop, a bracket, a dash or its reason.
const CLAUSE_END = '(?=\\s*(?:[.;:,!()\\u2013\\u2014-]|$)|\\s+(?:because|due to)\\b)'
// A deed's plain form, negated ("did not send"),
// not of a repeat ("did not refund again": the
// first stands) nor of a part ("does not refund
// shipping": only "did" says what happened).
const NOT_A_REPEAT = '(?![ \\t]+(?:[\\w-]+[ \\t]+)?(?:it |them )?(?:again|another|twice|a second|a duplicate)\\b)'
const UNDONE = `did not (?:send|e-?mail|deliver|issue|create|refund|charge|complete|process|submit|go through)\\b${NOT_A_REPEAT}`
// Words that say a plain text failed ("nothing
// was sent" only as the clause's end: "nothing
// was charged twice" says no failure)...
const FAILED = new RegExp(
  `\\b(error|failed|failure|exception|invalid|could not|couldn't|cannot|can't|unable|timed out|aborted|declined|rejected|refused|denied|too many requests|rate.?limit(?:ed)?|unavailable|nothing happened|${NOTHING_WAS}${DEED}${CLAUSE_END}|no (?:refund|charge|payment|e-?mail|effect|change)s?|(?:not|never|n't)\\s+(?:been\\s+)?(?:approved|applied|made|${DEEDS})|${UNDONE})\\b|n't\\b${NOT_A_REPEAT}`,
  'i',
)
// ...unless it also says it was done, not
// negated ("could not be sent", "wasn't sent",
// "has not been issued", "no refund was made",
// "nothing was sent": two probes' tools said it).
const DONE = new RegExp(
  `(?<!(?:\\bnot|\\bnever|n't)\\s+(?:yet\\s+)?(?:been\\s+)?|\\bbe\\s+|\\bno\\s+[\\w-]+\\s+(?:was|were|has\\s+been|have\\s+been)\\s+|${NOTHING_WAS})\\b${DEED}\\b`,
  'i',
)

/** Does it invite the model to ask again? */
export const invitesAgain = (text: string): boolean => AGAIN.test(text)

/** A status field's value that claims nothing. */
const OPEN_STATUS = /^(unknown|uncertain|ambiguous)$/i

export type WordsClaim =
  | { readonly claim: 'open' }
  | { readonly claim: 'failed'; readonly again: boolean }
  | { readonly claim: 'done' }

/**
 * A text's claim; one that claims neither
 * is done, as a model takes a plain answer.
 */
export function wordsClaim(text: string): WordsClaim {
  if (OPEN.test(text)) return { claim: 'open' }
  if (FAILED.test(text) && !DONE.test(text)) return { claim: 'failed', again: invitesAgain(text) }
  return { claim: 'done' }
}

/**
 * Does a value say itself that its outcome is
 * open? By a `status` or `outcome` field, or,
 * when it is an error, by its message's words:
 * never by other fields' ("funding": "unknown").
 */
export function valueLeftOpen(value: object, isError: boolean): boolean {
  try {
    const v = value as Record<string, unknown>
    for (const field of [v.status, v.outcome]) if (typeof field === 'string' && OPEN_STATUS.test(field)) return true
  } catch {
    return false // traps that throw say nothing
  }
  return isError && OPEN.test(errorWords(value))
}

/**
 * An error value read as a model reads it: a
 * failure, safe to ask again if its words say
 * so (open words are valueLeftOpen's).
 */
export const errorInvitesAgain = (value: unknown): boolean => invitesAgain(errorWords(value))

/**
 * What an error value says: its error, its
 * message, an MCP result's text content.
 */
function errorWords(value: unknown): string {
  try {
    const v = value as Record<string, unknown> | null | undefined
    if (typeof v !== 'object' || v === null) return ''
    const error = v.error as { message?: unknown } | string | null | undefined
    const content = Array.isArray(v.content) ? (v.content as { text?: unknown }[]) : []
    const said = [typeof error === 'string' ? error : error?.message, v.message, ...content.map((c) => c?.text)]
    return said.filter((s) => typeof s === 'string').join('\n')
  } catch {
    return '' // traps that throw say nothing
  }
}

/**
 * A text's lines as one: a report quoting what
 * the model read keeps its last line (LangChain's
 * ToolNode adds "Please fix your mistakes.").
 */
export const linesJoined = (text: string): string => text.replace(/\s*\n\s*/g, ' ').trim()

/** JSON text read back (any layout); else as is. */
export function readBack(value: unknown): unknown {
  if (typeof value !== 'string') return value
  const t = value.trim()
  if (!t.startsWith('{') && !t.startsWith('[')) return value
  try {
    return JSON.parse(t)
  } catch {
    return value
  }
}
