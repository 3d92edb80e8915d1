export { identify, setAnalyticsAdapter } from './analytics'
export type { AnalyticsAdapter, IdentifiableSession } from './analytics'
