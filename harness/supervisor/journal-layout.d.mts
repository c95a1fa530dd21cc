export declare const HEADER_BYTES: number
export declare const TASK: number
export declare const USED: number
export declare function createJournal(bytes: number): SharedArrayBuffer
export interface JournalText {
  readonly task: number
  readonly text: string
}
export declare function journalText(journal: SharedArrayBuffer): JournalText
export declare function journalTask(journal: SharedArrayBuffer): number
