import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { formatPhoneForDisplay } from './format'
import bundled from './metadata.us-in.json'

describe('formatPhoneForDisplay', () => {
  it.each([
    ['+14152674076', '(415) 267-4076'],
    ['+14155550123', '(415) 555-0123'],
    ['+16475550123', '(647) 555-0123'],
  ])('a +1 number is shown in the US national form: %s → %s', (e164, shown) => {
    expect(formatPhoneForDisplay(e164)).toBe(shown)
  })

  it.each([
    ['+919876543210', '+91 98765 43210'],
    ['+918041234567', '+91 80 4123 4567'],
  ])('an Indian number is shown internationally, grouped as in India: %s → %s', (e164, shown) => {
    expect(formatPhoneForDisplay(e164)).toBe(shown)
  })

  it.each([
    ['+447700900123', 'a country the app does not bundle'],
    ['+1415', 'too short'],
    ['+11111111111', 'no US pattern fits (the guest placeholder of 1s)'],
    ['4152674076', 'not E.164'],
    ['elsa.2671234@example.com', 'an email address (the code step also names one)'],
  ])('shows %s as it is (%s) rather than losing digits', (raw) => {
    expect(formatPhoneForDisplay(raw)).toBe(raw)
  })

  it('shows nothing for a missing number', () => {
    expect(formatPhoneForDisplay(undefined)).toBe('')
    expect(formatPhoneForDisplay(null)).toBe('')
    expect(formatPhoneForDisplay('')).toBe('')
  })

  it('the bundled US/India metadata is current with the installed libphonenumber-js (else run `npm run phone:metadata`)', () => {
    const min = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json')
    expect(bundled.version).toBe(min.version)
    expect(bundled.country_calling_codes).toEqual({ 1: ['US'], 91: ['IN'] })
    expect(bundled.countries).toEqual({ US: min.countries.US, IN: min.countries.IN })
  })
})
