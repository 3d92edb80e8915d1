import { atom } from 'nanostores'
import { ApiRefusal, type Address, type AddressCreateRequest, type AddressUpdateRequest } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { fetchAddresses, postAddress, putAddress, removeAddress } from '../api/addresses-api'
import { selectedIn, withoutAddress, withSaved } from '../lib/address-book'

const TRY_AGAIN = 'Please Try Again'

/** The signed-in customer's delivery addresses, newest first (docs/accounts.md, "The profile, addresses and favourites"). */
export const $addresses = atom<Address[]>([])

const readStored = (): Address | null => {
  const stored = secureStorage.get<Address>(STORAGE_KEYS.userAddress)
  return stored && typeof stored === 'object' && typeof stored.id === 'string' ? stored : null
}

/** The address orders are delivered to; kept under the spec's user-address storage key. */
export const $selectedAddress = atom<Address | null>(readStored())

const listRequest = createRequestState<Address[]>()
const changeRequest = createRequestState<Address | null>()
export const $addressesRequest = listRequest.$state
/** Add, edit, select and delete: loading, then success or a message. */
export const $addressChange = changeRequest.$state

function setList(list: Address[]): void {
  $addresses.set(list)
  const selected = selectedIn(list)
  $selectedAddress.set(selected)
  if (selected) secureStorage.set(STORAGE_KEYS.userAddress, selected)
  else secureStorage.remove(STORAGE_KEYS.userAddress)
}

const failureMessage = (error: unknown) => {
  console.error('Address request failed:', error)
  return error instanceof ApiRefusal && error.status === 400 ? error.message : TRY_AGAIN
}

export async function loadAddresses(customerId: string): Promise<Address[] | undefined> {
  const list = await listRequest.run(() => fetchAddresses(customerId), failureMessage)
  if (list) setList(list)
  return list
}

export async function addAddress(request: AddressCreateRequest): Promise<Address | undefined> {
  const saved = await changeRequest.run(() => postAddress(request), failureMessage)
  if (saved) setList(withSaved($addresses.get(), saved))
  return saved ?? undefined
}

export async function editAddress(id: string, request: AddressUpdateRequest): Promise<Address | undefined> {
  const saved = await changeRequest.run(() => putAddress(id, request), failureMessage)
  if (saved) setList(withSaved($addresses.get(), saved))
  return saved ?? undefined
}

export const selectAddress = (id: string) => editAddress(id, { isSelected: true })

export async function deleteAddress(id: string): Promise<boolean> {
  let selectedAfter: string | null = null
  const done = await changeRequest.run(async () => {
    selectedAfter = (await removeAddress(id)).selectedAddressId
    return null
  }, failureMessage)
  if (done === undefined) return false
  setList(withoutAddress($addresses.get(), id, selectedAfter))
  return true
}

export const clearAddressChange = () => changeRequest.clear()

/** Forgets every address, as when the customer signs out. */
export function resetAddresses(): void {
  listRequest.reset()
  changeRequest.reset()
  setList([])
}
