// Module hooks for process copies: a file that a
// copy imports is that copy's too, but packages
// (node_modules) stay shared: a restart's fresh
// state costs the team's files, not LangChain's.
// Plain JS: it runs in Node's hooks thread.

const PARAM = 'faultline-process'

/** @type {import('node:module').ResolveHook} */
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  const parent = context.parentURL
  if (parent === undefined || !parent.includes(PARAM)) return resolved
  const n = new URL(parent).searchParams.get(PARAM)
  const { url } = resolved
  if (n === null || !url.startsWith('file:') || url.includes('/node_modules/')) return resolved
  const own = new URL(url)
  if (own.searchParams.has(PARAM)) return resolved
  own.searchParams.set(PARAM, n)
  return { ...resolved, url: own.href }
}
