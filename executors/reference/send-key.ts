// Which key a send carries. The reference: the
// same each time, so a done request is replayed.

export interface Send {
  /** The operation's key (operation-key.ts). */
  readonly key: string
  /** 1 for the first send of this ask. */
  readonly attempt: number
  /** An earlier send may have landed. */
  readonly afterAmbiguity: boolean
}

export type SendKey = (send: Send) => string

/** The reference: the same key on every send. */
export const sameKey: SendKey = (send) => send.key
