import { describe, expect, it } from 'vitest'
import { countryCodeFromMobile, DEFAULT_CALLING_CODE } from './phone'

describe('countryCodeFromMobile (docs/app.md, "Money, numbers, colours")', () => {
  it.each([
    ['+919876543210', 'IND'],
    ['+91 98765 43210', 'IND'],
    ['+14155550123', 'US'],
    ['+447700900123', 'US'],
    ['9876543210', 'US'],
    ['', 'US'],
  ])('%s → %s', (mobile, expected) => {
    expect(countryCodeFromMobile(mobile)).toBe(expected)
  })

  it('defaults the calling code to +1', () => {
    expect(DEFAULT_CALLING_CODE).toBe('+1')
  })
})
