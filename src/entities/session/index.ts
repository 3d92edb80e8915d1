export {
  $session,
  $toLocationAfterAuth,
  authHeaders,
  connectSession,
  refreshAccessToken,
  restoreSession,
  setToLocationAfterAuth,
  signOut,
  startGuestSession,
  startSession,
} from './model/session'
export type { GuestDetails, Session, SignedInUser, UserDetails } from './model/session'
