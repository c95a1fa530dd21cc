// The campaign's vendors in a header, said only
// when not the default (Stripe + Resend).

export function vendorsPart(campaign: { readonly vendors?: string }, sep = ', '): string {
  const v = campaign.vendors
  return v && v !== 'stripe+resend' ? `${sep}vendors ${v}` : ''
}

/** Executors a compare left out, one line. */
export function leftOutLine(
  report: { readonly leftOut?: readonly { readonly executor: string; readonly speaks: readonly string[] }[] },
  vendors: string | undefined,
): string | null {
  const l = report.leftOut
  if (!l?.length) return null
  return `left out (they speak other vendors than ${vendors ?? 'stripe+resend'}): ${l.map((x) => `${x.executor} (${x.speaks.join(', ')})`).join(', ')}`
}
