// What a job tells its caller while it
// runs: a shell draws it (the CLI's
// progress line); the job never prints.
export type JobProgress =
  | { readonly kind: 'start'; readonly label: string; readonly total: number }
  | { readonly kind: 'label'; readonly label: string }
  | { readonly kind: 'run'; readonly failed: boolean }
  | { readonly kind: 'doing'; readonly what: string }
  | { readonly kind: 'end' }
  /** Real time spent, for a shell's closing line. */
  | { readonly kind: 'timing'; readonly runs: number; readonly realMs: number; readonly medianSpeedup: number | null }

export type OnProgress = (event: JobProgress) => void
