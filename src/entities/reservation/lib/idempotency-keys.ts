/** One Idempotency-Key per request until it succeeds: a retry of the same request replays the first answer instead of acting twice. */
export function createIdempotencyKeys(prefix: string) {
  const keys = new Map<string, string>()
  return {
    keyFor(fingerprint: string): string {
      let key = keys.get(fingerprint)
      if (!key) {
        key = `${prefix}-${crypto.randomUUID()}`
        keys.set(fingerprint, key)
      }
      return key
    },
    settled(fingerprint: string): void {
      keys.delete(fingerprint)
    },
    clear(): void {
      keys.clear()
    },
  }
}
