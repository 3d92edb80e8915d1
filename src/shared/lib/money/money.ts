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

const formatters = new Map<string, Intl.NumberFormat>()

/** An amount in minor units as the diner reads it, always with two decimals: $12.50, ₹249.00. */
export function formatMoney(minor: number, currency: string): string {
  const locale = currency === 'INR' ? 'en-IN' : 'en-US'
  const key = `${locale}:${currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formatters.set(key, formatter)
  }
  return formatter.format(minorToMajor(minor, currency))
}

/** Two decimals without rounding, as the spec's amounts: 3.299 → "3.29". */
export function formatAmount(value: number): string {
  return truncateDecimals(value, 2).toFixed(2)
}
