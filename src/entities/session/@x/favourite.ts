export { $session, authHeaders } from '../model/session'
export type { Session } from '../model/session'
