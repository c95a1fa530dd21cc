// Module hooks for process copies: a file that a
// copy imports is that copy's too, but packages
// (node_modules) stay shared: a restart's fresh
// state costs the team's files, not LangChain's.
// faultline's own files are copied, as the team's.
// Plain JS: it may run in Node's hooks thread.

const PARAM = 'faultline-process'

/** The tree holding faultline's harness (a URL). */
let own = ''

/** module.register's: faultline's tree. */
export async function initialize(data) {
  own = data.own
}

/** module.register's (Node 20: off-thread). */
export async function resolve(specifier, context, next) {
  return carried(await next(specifier, context), context.parentURL)
}

/** module.registerHooks' (in-thread, where it exists). */
export function syncHooks(tree) {
  own = tree
  return { resolve: (specifier, context, next) => carried(next(specifier, context), context.parentURL) }
}

/** The copy's number, from parent to child. */
function carried(resolved, parent) {
  if (parent === undefined || !parent.includes(PARAM)) return resolved
  const n = new URL(parent).searchParams.get(PARAM)
  const { url } = resolved
  if (n === null || !url.startsWith('file:') || shared(url)) return resolved
  const child = new URL(url)
  if (child.searchParams.has(PARAM)) return resolved
  // Appended: the file's own query kept as is.
  child.search = `${child.search || '?'}${child.search ? '&' : ''}${PARAM}=${n}`
  return { ...resolved, url: child.href }
}

/** A package's file, but faultline's own. */
function shared(url) {
  if (!url.includes('/node_modules/')) return false
  return !(own && url.startsWith(own) && !url.slice(own.length).includes('node_modules/'))
}
