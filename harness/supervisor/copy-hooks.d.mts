interface Resolved {
  readonly url: string
}
interface Context {
  readonly parentURL?: string
}
type Next = (specifier: string, context: Context) => Resolved
export declare function initialize(data: { own: string }): Promise<void>
export declare function resolve(specifier: string, context: Context, next: Next): Promise<Resolved>
export declare function syncHooks(own: string): {
  resolve(specifier: string, context: Context, next: Next): Resolved
}
