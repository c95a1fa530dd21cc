// Which key one send carries. The reference: the same key
// every time, so a service that did it replays its answer.

export interface Send {
  /** The operation's key (operation-key.ts). */
  readonly key: string
  /** 1 for the first send of this ask. */
  readonly attempt: number
  /** An earlier send of this operation may have landed. */
  readonly afterAmbiguity: boolean
}

export type SendKey = (send: Send) => string

/** The reference: the same key on every send. */
export const sameKey: SendKey = (send) => send.key
