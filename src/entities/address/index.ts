export {
  $addressChange,
  $addresses,
  $addressesRequest,
  $selectedAddress,
  addAddress,
  clearAddressChange,
  deleteAddress,
  editAddress,
  loadAddresses,
  resetAddresses,
  selectAddress,
} from './model/addresses'
export { addressText, tagLabel } from './lib/address-book'
export { geocodeAddress } from './api/geocode-api'
