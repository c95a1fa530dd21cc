// Which key one send carries. The operation's key, every time: a resend is the
// same request, so a service that already did it replays the first answer.

export interface Send {
  /** The operation's key (operation-key.ts). */
  readonly key: string
  /** 1 for the first send of this ask. */
  readonly attempt: number
  /** An earlier send of this operation (in this ask or an earlier one) may have landed. */
  readonly afterAmbiguity: boolean
}

export type SendKey = (send: Send) => string

/** The reference: the same key on every send. */
export const sameKey: SendKey = (send) => send.key
