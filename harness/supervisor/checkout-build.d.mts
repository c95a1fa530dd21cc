/** Where a process finds the checkout as JS. */
export interface CheckoutBuild {
  /** The checkout the sources are in. */
  readonly root: string
  /** The same tree, compiled. */
  readonly dir: string
}
export declare function checkoutBuild(): CheckoutBuild | null
export declare function builtPath(build: CheckoutBuild | null, path: string): string
export declare function importSource(url: URL): Promise<unknown>
