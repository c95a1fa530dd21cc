// A v3 Mail Send body, checked as SendGrid
// does: every problem at once, each a 400 item
// naming its field (docs/vendors.md G4).
import { ERRORS_PAGE, type SendgridErrorItem } from './errors.ts'

/** What the service keeps of an accepted send. */
export interface MailSend {
  readonly from: string
  readonly to: readonly string[]
  readonly subject: string
  /** Top level, each personalization's over it. */
  readonly customArgs: Readonly<Record<string, string>>
  readonly categories: readonly string[]
  /** mail_settings.sandbox_mode.enable: 200, not sent. */
  readonly sandbox: boolean
}

const ADDRESS = /^[^@\s<>,;]+@[^@\s<>,;]+\.[^@\s<>,;]+$/
/** "less than 10000 bytes" (Limitations page). */
const MAX_CUSTOM_ARGS_BYTES = 10_000
const MAX_RECIPIENTS = 1_000
const MAX_CATEGORIES = 10

const item = (message: string, field: string | null, anchor: string | null): SendgridErrorItem => ({
  message,
  field,
  help: anchor === null ? null : `${ERRORS_PAGE}#${anchor}`,
})

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The send, or SendGrid's 400 items. */
export function checkMailSend(
  body: unknown,
): { readonly ok: true; readonly mail: MailSend } | { readonly ok: false; readonly errors: SendgridErrorItem[] } {
  if (!isObj(body)) return { ok: false, errors: [item('Bad Request', null, null)] }
  const errors: SendgridErrorItem[] = []
  const to: string[] = []
  const args: Record<string, string> = {}
  const p = body.personalizations
  if (!Array.isArray(p) || p.length === 0) {
    errors.push(
      item(
        'The personalizations field is required and must have at least one personalization.',
        'personalizations',
        '-Personalizations-Errors',
      ),
    )
  } else {
    p.forEach((one, i) => {
      const list = isObj(one) ? one.to : undefined
      if (!Array.isArray(list) || list.length === 0) {
        errors.push(
          item(
            'The to array is required for all personalization objects, and must have at least one email object with a valid email address.',
            `personalizations.${i}.to`,
            'message.personalizations.to',
          ),
        )
        return
      }
      list.forEach((r, j) => {
        const email = isObj(r) ? r.email : undefined
        if (typeof email !== 'string' || !ADDRESS.test(email))
          errors.push(item('Does not contain a valid address.', `personalizations.${i}.to.${j}.email`, null))
        else to.push(email)
      })
      if (isObj(one) && one.custom_args !== undefined) collectArgs(one.custom_args, `personalizations.${i}`)
    })
    if (to.length > MAX_RECIPIENTS)
      errors.push(
        item(
          'There is a limit of 1000 total recipients (to + cc + bcc) per request.',
          'personalizations',
          'message.personalizations',
        ),
      )
  }
  const from = isObj(body.from) ? body.from.email : undefined
  if (typeof from !== 'string' || !ADDRESS.test(from))
    errors.push(
      item(
        'The from object must be provided for every email send. It is an object that requires the email parameter, but may also contain a name parameter.  e.g. {"email" : "example@example.com"}  or {"email" : "example@example.com", "name" : "Example Recipient"}.',
        'from.email',
        'message.from',
      ),
    )
  const subject = body.subject
  const everyHasSubject = Array.isArray(p) && p.length > 0 && p.every((o) => isObj(o) && typeof o.subject === 'string')
  if (!everyHasSubject && (typeof subject !== 'string' || subject === '') && body.template_id === undefined)
    errors.push(
      item(
        'The subject is required. You can get around this requirement if you use a template with a subject defined or if every personalization has a subject defined.',
        'subject',
        'message.subject',
      ),
    )
  const content = body.content
  if (body.template_id === undefined && (!Array.isArray(content) || content.length === 0))
    errors.push(
      item(
        'Unless a valid template_id is provided, the content parameter is required. There must be at least one defined content block. We typically suggest both text/plain and text/html blocks are included, but only one block is required.',
        'content',
        'message.content',
      ),
    )
  else if (Array.isArray(content))
    content.forEach((c, i) => {
      if (!isObj(c) || typeof c.value !== 'string' || c.value === '')
        errors.push(
          item(
            'The content value must be a string at least one character in length.',
            `content.${i}.value`,
            'message.content.value',
          ),
        )
    })
  if (body.custom_args !== undefined) collectArgs(body.custom_args, '')
  const categories = body.categories
  if (
    categories !== undefined &&
    (!Array.isArray(categories) ||
      categories.length > MAX_CATEGORIES ||
      categories.some((c) => typeof c !== 'string' || c.length > 255))
  )
    errors.push(
      item(
        'Categories must be an array of at most 10 unique strings of at most 255 characters.',
        'categories',
        'message.categories',
      ),
    )
  if (Buffer.byteLength(JSON.stringify(args)) > MAX_CUSTOM_ARGS_BYTES)
    errors.push(
      item('The total length of custom arguments must be less than 10000 bytes.', 'custom_args', 'message.custom_args'),
    )
  if (errors.length > 0) return { ok: false, errors }
  const settings = isObj(body.mail_settings) ? body.mail_settings : {}
  const sandbox = isObj(settings.sandbox_mode) && settings.sandbox_mode.enable === true
  return {
    ok: true,
    mail: {
      from: from as string,
      to,
      subject: typeof subject === 'string' ? subject : '',
      customArgs: args,
      categories: Array.isArray(categories) ? (categories as string[]) : [],
      sandbox,
    },
  }

  // Top level first; a personalization's win.
  function collectArgs(value: unknown, at: string): void {
    if (!isObj(value) || Object.values(value).some((v) => typeof v !== 'string')) {
      errors.push(
        item(
          'Custom args must be an object whose values are strings.',
          at ? `${at}.custom_args` : 'custom_args',
          'message.custom_args',
        ),
      )
      return
    }
    for (const [k, v] of Object.entries(value)) if (at === '' ? !(k in args) : true) args[k] = v as string
  }
}
