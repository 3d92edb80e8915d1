export {
  $session,
  $toLocationAfterAuth,
  authHeaders,
  restoreSession,
  setToLocationAfterAuth,
  signOut,
  startSession,
} from './model/session'
export type { GuestDetails, Session, SignedInUser, UserDetails } from './model/session'
