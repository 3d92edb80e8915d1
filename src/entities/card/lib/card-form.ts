import type { TokenizeRequest } from '@/shared/api'

/** Card number with spaces and dashes removed. */
export const digitsOf = (value: string) => value.replace(/[\s-]/g, '')

/** "MM/YY" or "MM/YYYY" as month and four-digit year, or null. */
export function parseExpiry(value: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value)
  if (!match) return null
  const expMonth = Number(match[1])
  const year = Number(match[2])
  if (expMonth < 1 || expMonth > 12) return null
  return { expMonth, expYear: year < 100 ? 2000 + year : year }
}

/** The tokenisation request of the card form, or null when the form cannot be a card at all. */
export function cardFromForm(form: { number: string; expiry: string; cvc: string; zipcode: string }): TokenizeRequest | null {
  const number = digitsOf(form.number)
  const expiry = parseExpiry(form.expiry)
  const cvc = form.cvc.trim()
  if (!/^\d{12,19}$/.test(number) || !expiry || !/^\d{3,4}$/.test(cvc)) return null
  const zipcode = form.zipcode.trim()
  return { number, cvc, ...expiry, ...(zipcode ? { zipcode } : {}) }
}

/** "12/27". */
export const expiryText = (month: number, year: number) => `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`
