import type { Address, GeocodedAddress } from '@/shared/api'

export type LatLng = { lat: number; lng: number }

/**
 * An address as the diner enters it (docs/checkout.md "Addresses"): the street as typed, the
 * geocoder's result they chose, the pin, the apartment and instructions. Never typed coordinates.
 */
export type AddressDraft = {
  query: string
  found: GeocodedAddress | null
  pin: LatLng | null
  apartment: string
  instructions: string
  /** The geocoder did not answer: the street is kept as typed and the pin gives the point. */
  searchDown: boolean
}

export const EMPTY_ADDRESS_DRAFT: AddressDraft = { query: '', found: null, pin: null, apartment: '', instructions: '', searchDown: false }

/** A saved address to edit: its street counts as found and its point is the pin. */
export function draftFromAddress(address: Pick<Address, 'addressLine1' | 'addressLine2' | 'addressLine3' | 'lat' | 'lng'>): AddressDraft {
  const found = { label: address.addressLine1, addressLine1: address.addressLine1, locality: '', lat: address.lat, lng: address.lng }
  return { query: address.addressLine1, found, pin: { lat: address.lat, lng: address.lng }, apartment: address.addressLine2 ?? '', instructions: address.addressLine3 ?? '', searchDown: false }
}

/** The street line to keep: the geocoder's label, or the text as typed when the geocoder was down. */
export const streetOf = (draft: AddressDraft) => draft.found?.label ?? draft.query.trim()

/** What is still missing before the address can be used, in the diner's words; null when complete. */
export function addressProblem(draft: AddressDraft): string | null {
  if (!streetOf(draft)) return 'Type the street and number, then choose the address from the list.'
  if (!draft.found && !draft.searchDown) return 'Choose the address from the list, so the courier finds it.'
  if (!draft.pin) return 'Place the pin where the courier should stop.'
  return null
}
