import { atom } from 'nanostores'
import type { Party } from '@/entities/reservation'
import { setToLocationAfterAuth, type Session } from '@/entities/session'
import { isE164 } from '@/shared/api'
import { navigate, pathTo } from '@/shared/routes'

/** Who the table is for (fullName, mobile, email: docs/reservations.md, "The party"). */
export type Diner = { fullName: string; mobile: string; email: string }

/** The party being entered; kept in memory so a guest's detour through the OTP screens does not lose it. */
export const $partyDraft = atom<Party>({ adults: 2, kids: 0, highChairs: 0 })

export function setPartyDraft(party: Party): void {
  $partyDraft.set(party)
}

/** The signed-in profile or the verified guest's details; null for a guest who has not verified a mobile yet. */
export function dinerFromSession(session: Session): Diner | null {
  if (session.status === 'guestSignedIn') return { fullName: session.guest.fullName, mobile: session.guest.mobile, email: session.guest.email ?? '' }
  if (session.status === 'signedIn') {
    const user = session.user
    return {
      fullName: [user?.firstName, user?.lastName].filter(Boolean).join(' '),
      mobile: user?.mobilePhone ?? '',
      email: user?.email ?? '',
    }
  }
  return null
}

export const isMobileNumber = isE164

/** Said when a signed-in diner's session has no number of their account yet (its details are still loading). */
export const NO_ACCOUNT_MOBILE = 'We could not read your account’s mobile number. Please reload the page, or sign in again.'

/**
 * Who the table is for, as sent to the server: a signed-in diner's number is always their
 * account's verified one (the server refuses any other, docs/accounts.md "Guests"), a verified
 * guest's the one their code proved; only the name and email are the form's.
 */
export function dinerToSend(session: Session, typed: Diner): Diner {
  if (session.status === 'guestSignedIn') return dinerFromSession(session) ?? typed
  if (session.status === 'signedIn') return { ...typed, mobile: session.user?.mobilePhone ?? '' }
  return typed
}

/** A guest verifies name and mobile by code first (docs/accounts.md, "Guests"), then comes back here. */
export function verifyGuestFirst(): void {
  setToLocationAfterAuth(`${window.location.pathname}${window.location.search}`)
  navigate(pathTo('guestDetails'))
}
