export declare const SEAL_BYTES: number
export declare function frame(message: unknown, seal?: Uint8Array | null): Uint8Array
export declare function writeFrame(fd: number, message: unknown, seal?: Uint8Array | null): void
