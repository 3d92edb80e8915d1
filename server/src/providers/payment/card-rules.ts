import type { CardBrand } from '@/shared/api/contracts/account'

/** The Luhn check digit rule every card number satisfies. */
export function passesLuhn(number: string): boolean {
  let sum = 0
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return number.length > 0 && sum % 10 === 0
}

const between = (prefix: string, low: number, high: number) => {
  const value = Number(prefix)
  return value >= low && value <= high
}

/**
 * The brand from the number's first digits (the BIN). RuPay's 65 range (652150–653149) is tested
 * before Discover's other 65 numbers, and RuPay's 60 before Discover's 6011 is excluded.
 */
export function brandOf(number: string): CardBrand | null {
  if (number.startsWith('4')) return 'VISA'
  if (between(number.slice(0, 2), 51, 55) || between(number.slice(0, 4), 2221, 2720)) return 'MASTERCARD'
  if (number.startsWith('34') || number.startsWith('37')) return 'AMEX'
  if (between(number.slice(0, 6), 652150, 653149)) return 'RUPAY'
  if (number.startsWith('6011') || number.startsWith('65') || between(number.slice(0, 3), 644, 649)) return 'DISCOVER'
  if (number.startsWith('60') || number.startsWith('81') || number.startsWith('82')) return 'RUPAY'
  return null
}

/** A card is usable through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now = new Date()): boolean {
  const year = now.getUTCFullYear()
  const month = now.getUTCMonth() + 1
  return expYear < year || (expYear === year && expMonth < month)
}

/** Sandbox test numbers that tokenise as valid cards but that the issuer declines. */
export const DECLINED_TEST_NUMBERS: ReadonlySet<string> = new Set([
  '4000000000000002',
  '4000000000009995',
  '4000000000000069',
  '4000000000000127',
])
