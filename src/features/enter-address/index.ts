export { addressProblem, draftFromAddress, EMPTY_ADDRESS_DRAFT, streetOf } from './model/address-draft'
export type { AddressDraft, LatLng } from './model/address-draft'
export { AddressFields, GEOCODE_DEBOUNCE_MS } from './ui/AddressFields'
export type { PinMapSlot } from './ui/AddressFields'
