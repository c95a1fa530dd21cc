// The effect each faultline tool makes, as an
// envelope names it; tool and loop mode alike.
const EFFECT: Readonly<Record<string, string>> = { issue_refund: 'refund', charge_card: 'charge', send_email: 'email' }

/** `refund` for `issue_refund`; else the tool's own name. */
export function effectTypeOf(tool: string): string {
  return EFFECT[tool] ?? tool
}
