import { describe, expect, it } from 'vitest'
import { countryOf, isE164, rateLimitMessage, toE164 } from './phone-number'

describe('mobile numbers in the auth forms (docs/app.md, "Money, numbers, colours")', () => {
  it('joins the calling code and the typed number', () => {
    expect(toE164('+1', '(415) 555-0123')).toBe('+14155550123')
    expect(toE164('+91', '098765 43210')).toBe('+919876543210')
    expect(toE164('+1', '+91 98765 43210')).toBe('+919876543210')
  })

  it('derives the country code from the number: IND for +91, otherwise US', () => {
    expect(countryOf(toE164('+91', '9876543210'))).toBe('IND')
    expect(countryOf(toE164('+1', '4155550123'))).toBe('US')
    expect(countryOf('+447700900123')).toBe('US')
  })

  it('checks the E.164 shape the server wants', () => {
    expect(isE164('+14155550123')).toBe(true)
    expect(isE164('+1')).toBe(false)
    expect(isE164('4155550123')).toBe(false)
  })

  it('turns Retry-After seconds into whole minutes', () => {
    expect(rateLimitMessage(361)).toBe('Too many codes requested. Try again in 7 minutes.')
    expect(rateLimitMessage(20)).toBe('Too many codes requested. Try again in 1 minute.')
  })
})
