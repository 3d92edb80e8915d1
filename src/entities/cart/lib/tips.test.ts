import { describe, expect, it } from 'vitest'
import { LARGE_ORDER_FROM, parseAmount, tipAmount, tipSuggestions } from './tips'

describe('tips', () => {
  it('suggests the first set for small orders and the second from 100.00 (docs/checkout.md "The cart")', () => {
    expect(tipSuggestions(2500)).toEqual([10, 15, 18, 20])
    expect(tipSuggestions(LARGE_ORDER_FROM - 1)).toEqual([10, 15, 18, 20])
    expect(tipSuggestions(LARGE_ORDER_FROM)).toEqual([5, 10, 18, 20, 25])
  })

  it('computes a percentage tip without rounding up, a flat tip as it is, and no tip as 0', () => {
    expect(tipAmount({ tipType: 'PERCENTAGE', tipValue: 1800 }, 6099)).toBe(1097)
    expect(tipAmount({ tipType: 'FLATFEE', tipValue: 250 }, 6099)).toBe(250)
    expect(tipAmount({ tipType: 'NONE', tipValue: 0 }, 6099)).toBe(0)
  })

  it('reads a typed amount into minor units', () => {
    expect(parseAmount('2')).toBe(200)
    expect(parseAmount('2.5')).toBe(250)
    expect(parseAmount(' 2,05 ')).toBe(205)
    expect(parseAmount('2.555')).toBeNull()
    expect(parseAmount('-1')).toBeNull()
    expect(parseAmount('abc')).toBeNull()
  })
})
