// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Address } from '@/shared/api'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { fetchAddresses, postAddress, putAddress, removeAddress } from '../api/addresses-api'
import { $addresses, $selectedAddress, addAddress, deleteAddress, loadAddresses, resetAddresses, selectAddress } from './addresses'

vi.mock('../api/addresses-api', async (original) => ({
  ...(await original<typeof import('../api/addresses-api')>()),
  fetchAddresses: vi.fn(),
  postAddress: vi.fn(),
  putAddress: vi.fn(),
  removeAddress: vi.fn(),
}))

const address = (id: string, isSelected = false): Address => ({
  id,
  customerId: 'c1',
  tag: 'Home',
  customTag: null,
  addressLine1: `${id} Street`,
  addressLine2: '',
  addressLine3: '',
  lat: 37.7,
  lng: -122.4,
  isSelected,
  createdAt: '2026-01-01T00:00:00.000Z',
})

const selectedIds = () => $addresses.get().filter((a) => a.isSelected).map((a) => a.id)

beforeEach(() => {
  vi.resetAllMocks()
  resetAddresses()
})

describe('address book', () => {
  it('loads the list and keeps the selected address in the store and in encrypted storage', async () => {
    vi.mocked(fetchAddresses).mockResolvedValue([address('b'), address('a', true)])
    await loadAddresses('c1')
    expect($selectedAddress.get()?.id).toBe('a')
    expect(secureStorage.get<Address>(STORAGE_KEYS.userAddress)?.id).toBe('a')
  })

  it('selecting one address unselects the others', async () => {
    vi.mocked(fetchAddresses).mockResolvedValue([address('b'), address('a', true)])
    await loadAddresses('c1')
    vi.mocked(putAddress).mockResolvedValue(address('b', true))
    await selectAddress('b')
    expect(selectedIds()).toEqual(['b'])
    expect($selectedAddress.get()?.id).toBe('b')
  })

  it('a new address goes first and is selected only when the server says so', async () => {
    vi.mocked(postAddress).mockResolvedValueOnce(address('a', true))
    await addAddress({ tag: 'Home', addressLine1: 'a Street', lat: 1, lng: 1 })
    vi.mocked(postAddress).mockResolvedValueOnce(address('b'))
    await addAddress({ tag: 'Home', addressLine1: 'b Street', lat: 1, lng: 1 })
    expect($addresses.get().map((a) => a.id)).toEqual(['b', 'a'])
    expect($selectedAddress.get()?.id).toBe('a')
  })

  it('a deleted selected address leaves the list and is unselected (docs/accounts.md, "The profile, addresses and favourites")', async () => {
    vi.mocked(fetchAddresses).mockResolvedValue([address('b'), address('a', true)])
    await loadAddresses('c1')
    vi.mocked(removeAddress).mockResolvedValue({ removed: true, selectedAddressId: null })
    expect(await deleteAddress('a')).toBe(true)
    expect($addresses.get().map((a) => a.id)).toEqual(['b'])
    expect($selectedAddress.get()).toBeNull()
    expect(secureStorage.get(STORAGE_KEYS.userAddress)).toBeUndefined()
  })

  it('after deleting the selected address, follows the server’s choice of the next one', async () => {
    vi.mocked(fetchAddresses).mockResolvedValue([address('b'), address('a', true)])
    await loadAddresses('c1')
    vi.mocked(removeAddress).mockResolvedValue({ removed: true, selectedAddressId: 'b' })
    await deleteAddress('a')
    expect($selectedAddress.get()?.id).toBe('b')
  })

  it('a failed delete keeps the list', async () => {
    vi.mocked(fetchAddresses).mockResolvedValue([address('a', true)])
    await loadAddresses('c1')
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.mocked(removeAddress).mockRejectedValue(new Error('offline'))
    expect(await deleteAddress('a')).toBe(false)
    expect($selectedAddress.get()?.id).toBe('a')
  })
})
