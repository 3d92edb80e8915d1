import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmount, formatMoney, formatMoneyByIntl, truncateDecimals } from './money'

describe('money', () => {
  it('formats minor units with two decimals in the currency', () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50')
    expect(formatMoney(0, 'USD')).toBe('$0.00')
    expect(formatMoney(24900, 'INR')).toBe('₹249.00')
    expect(formatMoney(12345600, 'INR')).toBe('₹1,23,456.00')
    expect(formatMoney(123456789012, 'INR')).toBe('₹1,23,45,67,890.12')
    expect(formatMoney(123456789012, 'USD')).toBe('$1,234,567,890.12')
    expect(formatMoney(-1250, 'USD')).toBe('-$12.50')
    expect(formatMoney(-5, 'INR')).toBe('-₹0.05')
  })

  it('writes dollars and rupees as Intl writes them in en-US and en-IN (fast-check, fixed seed)', () => {
    // The app writes its currencies without Intl, so a page's first price does not start ICU (money.ts).
    const seed = 20261201
    console.info(`formatMoney: fast-check seed ${seed}`)
    const amount = fc.oneof(fc.integer({ min: -100_000, max: 100_000 }), fc.integer({ min: -1e13, max: 1e13 }))
    fc.assert(
      fc.property(amount, fc.constantFrom('USD', 'INR'), (minor, currency) => {
        expect(formatMoney(minor, currency)).toBe(formatMoneyByIntl(minor, currency))
      }),
      { seed, numRuns: 2000 },
    )
    for (const minor of [0, 1, 99, 100, 99_999, 100_000, 1_000_000, 9_999_999, 10_000_000]) {
      for (const currency of ['USD', 'INR']) expect(formatMoney(minor, currency)).toBe(formatMoneyByIntl(minor, currency))
    }
  })

  it('leaves a currency it does not write itself to Intl', () => {
    expect(formatMoney(1250, 'EUR')).toBe(formatMoneyByIntl(1250, 'EUR'))
    expect(formatMoney(1250, 'EUR')).toBe('€12.50')
  })

  it('truncates extra decimals without rounding (docs/app.md, "Money, numbers, colours")', () => {
    expect(truncateDecimals(3.299)).toBe(3.29)
    expect(truncateDecimals(2.999)).toBe(2.99)
    expect(truncateDecimals(-1.239)).toBe(-1.23)
    expect(truncateDecimals(1.1)).toBe(1.1)
    expect(truncateDecimals(1.005)).toBe(1)
    expect(truncateDecimals(4.35, 1)).toBe(4.3)
  })

  it('does not lose a cent to binary noise', () => {
    expect(truncateDecimals(0.29 * 100, 0)).toBe(29)
    expect(truncateDecimals(1.13)).toBe(1.13)
  })

  it('shows amounts with two decimals', () => {
    expect(formatAmount(3.299)).toBe('3.29')
    expect(formatAmount(5)).toBe('5.00')
    expect(formatAmount(1.2)).toBe('1.20')
  })
})
