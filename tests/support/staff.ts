import type { APIRequestContext, Page } from '@playwright/test'
import type { StaffRole } from '@/shared/api/contracts/staff-roles'
import type { StaffSignInResponse } from '@/shared/api/contracts/staff'
import { encryptValue, STORAGE_KEYS } from '@/shared/lib/storage/storage'

/** The seeded demo staff's password (server/src/db/seed, README "The staff area"). */
export const DEMO_STAFF_PASSWORD = 'tablefront-demo'

/** The seeded demo staff member of a role at a demo restaurant. */
export const demoStaffEmail = (locationSlug: string, role: StaffRole) => `${role}@${locationSlug}.demo`

/**
 * Signs a demo staff member in through the sandbox's POST /api/dev/staff-session: a real staff
 * sign-in without the password's work or the sign-in throttle, so journeys may take many.
 */
export async function staffSignInThroughApi(request: APIRequestContext, locationSlug: string, role: StaffRole): Promise<StaffSignInResponse> {
  const response = await request.post('/api/dev/staff-session', { data: { email: demoStaffEmail(locationSlug, role) } })
  if (!response.ok()) throw new Error(`POST /api/dev/staff-session answered ${response.status()}: ${await response.text()}`)
  return (await response.json()) as StaffSignInResponse
}

/** Stores a staff sign-in as the web app does (src/entities/staff-session) before the page's scripts run. */
export async function useStaffSession(page: Page, signedIn: StaffSignInResponse): Promise<void> {
  const stored = encryptValue({ accessToken: signedIn.accessToken, refreshToken: signedIn.refreshToken, issuedAt: Date.now(), staff: signedIn.staff })
  await page.addInitScript(
    ([key, value]) => {
      try {
        window.localStorage.setItem(key, value)
      } catch {
        // about:blank and other opaque origins have no localStorage.
      }
    },
    [STORAGE_KEYS.staffSession, stored] as const,
  )
}
