import { countryCodeFromMobile } from '@/shared/lib/phone'
import { isE164, type CountryCode } from '@/shared/api'

/** The E.164 number of a calling code and what the diner typed; a typed +… number wins. */
export function toE164(callingCode: string, typed: string): string {
  const trimmed = typed.trim()
  if (trimmed.startsWith('+')) return `+${trimmed.replace(/\D/g, '')}`
  return `${callingCode}${trimmed.replace(/\D/g, '').replace(/^0+/, '')}`
}

/** IND for +91, otherwise US (docs/app.md, "Money, numbers, colours"). */
export const countryOf = (mobile: string): CountryCode => countryCodeFromMobile(mobile)

export { isE164 }

export const looksLikeEmail = (value: string) => value.includes('@')

/** A 429 to a code request (docs/accounts.md, "Signing in, signing up, guests and resets"): minutes to wait, from the Retry-After seconds. */
export const minutesToWait = (retryAfterSeconds: number) => Math.max(1, Math.ceil(retryAfterSeconds / 60))

export const rateLimitMessage = (retryAfterSeconds: number) => {
  const minutes = minutesToWait(retryAfterSeconds)
  return `Too many codes requested. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
