// SendGrid's X-Message-Id: 22 characters of
// URL-safe base64 (16 bytes), as seen on real
// 202s (docs/vendors.md G1); ours counts up,
// so the same run gives the same ids.

export function messageId(n: number): string {
  const bytes = Buffer.alloc(16)
  bytes.write('faultline-sg', 'latin1')
  bytes.writeUInt32BE(n >>> 0, 12)
  return bytes.toString('base64url')
}
