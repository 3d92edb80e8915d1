import { describe, expect, it } from 'vitest'
import { offerTerms, offerUses, offerValue } from './describe-offer'

const base = { valueBp: null, valueMinor: null, currency: 'USD', item: null, minOrderAmount: 0, maxDiscount: null, expiresAt: null }

describe('how an offer reads on the Offers screen', () => {
  it('says its value in a few words: percent, flat amount in the offer’s currency, or the dish it takes off', () => {
    expect(offerValue({ ...base, kind: 'PERCENT', valueBp: 1500 })).toBe('15% off')
    expect(offerValue({ ...base, kind: 'PERCENT', valueBp: 1250 })).toBe('12.5% off')
    expect(offerValue({ ...base, kind: 'FLAT', valueMinor: 500 })).toBe('$5.00 off')
    expect(offerValue({ ...base, kind: 'ITEM', valueMinor: 299, item: { id: 'i', name: 'Falafel Wrap' } })).toBe('$2.99 off Falafel Wrap')
    expect(offerValue({ ...base, kind: 'ITEM', item: { id: 'i', name: 'Baklava' } })).toBe('Baklava on us')
  })

  it('lists its minimum order, the cap of a percent offer and the day it ends when that is within 90 days', () => {
    const now = new Date('2030-11-01T12:00:00Z')
    expect(offerTerms({ ...base, kind: 'PERCENT', minOrderAmount: 2000, maxDiscount: 1000, expiresAt: '2030-12-31T12:00:00Z' }, now, 'en-US')).toEqual([
      'On orders of $20.00 or more',
      'Up to $10.00 off',
      'Ends Dec 31, 2030',
    ])
    expect(offerTerms({ ...base, kind: 'FLAT', maxDiscount: 1000, expiresAt: '2099-12-31T23:59:59Z' }, now)).toEqual([])
  })

  it('says the diner’s uses left, "Used up" at none, and the rule when nobody is signed in', () => {
    expect(offerUses({ usesPerDiner: 3, usesLeft: 2 })).toBe('2 uses left')
    expect(offerUses({ usesPerDiner: 3, usesLeft: 1 })).toBe('1 use left')
    expect(offerUses({ usesPerDiner: 1, usesLeft: 0 })).toBe('Used up')
    expect(offerUses({ usesPerDiner: 1, usesLeft: null })).toBe('Once per diner')
    expect(offerUses({ usesPerDiner: 2, usesLeft: null })).toBe('2 times per diner')
  })
})
