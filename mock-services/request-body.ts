// A request's body, read once and shared: the
// network fingerprints it, then the service
// reads it. A clone per attempt cost 8 % of
// runs/s (bench/, two workers).
const texts = new WeakMap<Request, Promise<string>>()

/** The body as text ('' if none), read once. */
export function bodyText(request: Request): Promise<string> {
  let text = texts.get(request)
  if (text === undefined) {
    text = request.body === null ? Promise.resolve('') : request.text()
    texts.set(request, text)
  }
  return text
}
