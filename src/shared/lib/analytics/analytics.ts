/** Where identified users go; today: the console in development, nothing in production. */
export type AnalyticsAdapter = { identify(userId: string): void }

const buildEnv = (import.meta as { env?: { DEV?: boolean } }).env

const consoleAdapter: AnalyticsAdapter = { identify: (userId) => console.info(`analytics: identify ${userId}`) }
const silentAdapter: AnalyticsAdapter = { identify: () => {} }

let adapter: AnalyticsAdapter = buildEnv?.DEV ? consoleAdapter : silentAdapter

export function setAnalyticsAdapter(next: AnalyticsAdapter): void {
  adapter = next
}

export type IdentifiableSession = { status: 'signedIn' | 'guestSignedIn' | 'guest'; userId?: string }

/** docs/app.md, "Analytics": the user is identified by id only when signed in or guest signed in. */
export function identify(session: IdentifiableSession): boolean {
  if ((session.status !== 'signedIn' && session.status !== 'guestSignedIn') || !session.userId) return false
  adapter.identify(session.userId)
  return true
}
