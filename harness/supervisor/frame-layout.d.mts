export declare function frame(message: unknown): Uint8Array
export declare function writeFrame(fd: number, message: unknown): void
