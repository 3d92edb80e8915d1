import currency from 'currency.js'

/** Drops decimals past `digits` without rounding (docs/app.md, "Money, numbers, colours"): 12.349 → 12.34. */
export function truncateDecimals(value: number, digits = 2): number {
  const factor = 10 ** digits
  const scaled = value * factor
  // Guard against binary noise such as 1.005 * 100 = 100.49999999999999.
  const nudged = Math.abs(scaled - Math.round(scaled)) < 1e-9 ? Math.round(scaled) : scaled
  return Math.trunc(nudged) / factor
}

const MINOR_DIGITS: Record<string, number> = { USD: 2, INR: 2 }

export function minorToMajor(minor: number, currency: string): number {
  return minor / 10 ** (MINOR_DIGITS[currency] ?? 2)
}

/**
 * How the app's currencies are written, as en-US writes dollars and en-IN rupees: the symbol before
 * the amount, two decimals, thousands grouped (rupees in lakhs and crores: ₹1,23,456.00), a minus
 * before the symbol. Written by currency.js rather than Intl: the first Intl formatter of a page
 * starts ICU, ~110 ms of a slow phone's main thread before a menu or cart can show a price
 * (docs/app.md, "Start-up work"); `money.test.ts` holds both to the same text.
 */
const WRITTEN: Record<string, currency.Options> = {
  USD: { symbol: '$', separator: ',', decimal: '.', useVedic: false },
  INR: { symbol: '₹', separator: ',', decimal: '.', useVedic: true },
}

const formatters = new Map<string, Intl.NumberFormat>()

/** A currency the app does not write itself, as Intl writes it in its locale. */
export function formatMoneyByIntl(minor: number, currencyCode: string): string {
  const locale = currencyCode === 'INR' ? 'en-IN' : 'en-US'
  const key = `${locale}:${currencyCode}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currencyCode,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formatters.set(key, formatter)
  }
  return formatter.format(minorToMajor(minor, currencyCode))
}

/** An amount in minor units as the diner reads it, always with two decimals: $12.50, ₹249.00. */
export function formatMoney(minor: number, currencyCode: string): string {
  const written = WRITTEN[currencyCode]
  if (!written) return formatMoneyByIntl(minor, currencyCode)
  return currency(minor, { ...written, precision: MINOR_DIGITS[currencyCode] ?? 2, fromCents: true, pattern: '!#', negativePattern: '-!#' }).format()
}

/** Two decimals without rounding, as the spec's amounts: 3.299 → "3.29". */
export function formatAmount(value: number): string {
  return truncateDecimals(value, 2).toFixed(2)
}
