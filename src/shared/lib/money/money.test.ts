import { describe, expect, it } from 'vitest'
import { formatAmount, formatMoney, truncateDecimals } from './money'

describe('money', () => {
  it('formats minor units with two decimals in the currency', () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50')
    expect(formatMoney(0, 'USD')).toBe('$0.00')
    expect(formatMoney(24900, 'INR')).toBe('₹249.00')
    expect(formatMoney(12345600, 'INR')).toBe('₹1,23,456.00')
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
