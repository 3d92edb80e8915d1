import type { APIRequestContext, Page } from '@playwright/test'
import { encryptValue, STORAGE_KEYS } from '@/shared/lib/storage/storage'

/** `walletAmount` (minor units) tops the demo customer's wallet up to that balance through the ledger (SANDBOX only; never lowers it). */
export type DemoCustomer = { firstName: string; lastName?: string; mobilePhone: string; email?: string; walletAmount?: number }

/** The answer of the sandbox's POST /api/dev/session (server/src/modules/dev): a real sign-in of a demo customer, refresh token included. */
export type DemoSession = {
  userId: string
  accessToken: string
  refreshToken: string
  userDetails: { customerId: string; firstName: string; lastName: string; email: string | null; mobilePhone: string }
}

/** The exchange's first digit tells the Playwright workers apart (never 5: the seed's numbers are 555-01xx). */
const workerDigit = '2346789'[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % 7]
let lastNumber = Date.now() % 1_000_000

/** A US mobile number no other test in this run uses (each worker counts up from its own start), so each test gets a customer of its own. */
export const uniqueMobile = () => {
  lastNumber = (lastNumber + 1) % 1_000_000
  return `+1415${workerDigit}${String(lastNumber).padStart(6, '0')}`
}

/** How the app shows a US number from `uniqueMobile()` to people: "(415) 267-4076" (written out here, not with the app's formatter, so a wrong formatter fails). */
export const shownUs = (e164: string) => e164.replace(/^\+1(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3')

/**
 * Signs in as a demo customer through the sandbox endpoint, creating it on first use. A number of
 * a non-demo account is refused (403 not_a_demo_customer): use `uniqueMobile()`.
 */
export async function createDemoSession(request: APIRequestContext, customer: DemoCustomer): Promise<DemoSession> {
  const response = await request.post('/api/dev/session', { data: customer })
  if (!response.ok()) throw new Error(`POST /api/dev/session answered ${response.status()}: ${await response.text()}`)
  return (await response.json()) as DemoSession
}

/** Stores the session as the web app does (encrypted localStorage) before the page's scripts run. */
export async function useSession(page: Page, session: DemoSession): Promise<void> {
  const entries: [string, string][] = [
    [STORAGE_KEYS.userId, encryptValue(session.userId)],
    [STORAGE_KEYS.accessToken, encryptValue(session.accessToken)],
    [STORAGE_KEYS.refreshToken, encryptValue(session.refreshToken)],
    [STORAGE_KEYS.userDetails, encryptValue(session.userDetails)],
  ]
  await page.addInitScript((stored) => {
    try {
      for (const [key, value] of stored) window.localStorage.setItem(key, value)
    } catch {
      // about:blank and other opaque origins have no localStorage.
    }
  }, entries)
}
