import { describe, expect, it } from 'vitest'
import { addressProblem, draftFromAddress, EMPTY_ADDRESS_DRAFT, streetOf } from './address-draft'

const found = { label: '350 5th Ave, New York, NY', addressLine1: '350 5th Ave', locality: 'New York, NY', lat: 40.7484, lng: -73.9857 }

describe('an address entered as people type it (docs/checkout.md "Addresses")', () => {
  it('is complete only with a street chosen from the geocoder and a pin; typed text alone is not enough', () => {
    expect(addressProblem(EMPTY_ADDRESS_DRAFT)).toBe('Type the street and number, then choose the address from the list.')
    expect(addressProblem({ ...EMPTY_ADDRESS_DRAFT, query: '350 5th' })).toBe('Choose the address from the list, so the courier finds it.')
    expect(addressProblem({ ...EMPTY_ADDRESS_DRAFT, query: found.label, found })).toBe('Place the pin where the courier should stop.')
    expect(addressProblem({ ...EMPTY_ADDRESS_DRAFT, query: found.label, found, pin: { lat: 40.7485, lng: -73.9856 } })).toBeNull()
  })

  it('with the geocoder down the street is kept as typed and the pin gives the point', () => {
    const draft = { ...EMPTY_ADDRESS_DRAFT, query: '  350 Fifth Avenue ', searchDown: true, pin: { lat: 40.7, lng: -73.9 } }
    expect(addressProblem(draft)).toBeNull()
    expect(streetOf(draft)).toBe('350 Fifth Avenue')
  })

  it('a saved address opens complete: its street as found, its point as the pin, its apartment and instructions', () => {
    const draft = draftFromAddress({ addressLine1: '500 Howard St, San Francisco, CA', addressLine2: 'Floor 3', addressLine3: 'Front desk', lat: 37.7878, lng: -122.3969 })
    expect(draft).toMatchObject({ query: '500 Howard St, San Francisco, CA', pin: { lat: 37.7878, lng: -122.3969 }, apartment: 'Floor 3', instructions: 'Front desk' })
    expect(addressProblem(draft)).toBeNull()
    expect(streetOf(draft)).toBe('500 Howard St, San Francisco, CA')
  })
})
