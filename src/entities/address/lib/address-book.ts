import type { Address } from '@/shared/api'

/** The list with a saved address in place (or first, when new); a selected one unselects the rest. */
export function withSaved(list: readonly Address[], saved: Address): Address[] {
  const known = list.some((address) => address.id === saved.id)
  const next = known ? list.map((address) => (address.id === saved.id ? saved : address)) : [saved, ...list]
  return saved.isSelected ? next.map((address) => (address.id === saved.id ? address : { ...address, isSelected: false })) : next
}

/**
 * docs/accounts.md, "The profile, addresses and favourites": a deleted address leaves the list and is unselected if it was selected; the server
 * may then have selected another one (`selectedAddressId`).
 */
export function withoutAddress(list: readonly Address[], removedId: string, selectedAddressId: string | null): Address[] {
  return list
    .filter((address) => address.id !== removedId)
    .map((address) => ({ ...address, isSelected: selectedAddressId !== null && address.id === selectedAddressId }))
}

export const selectedIn = (list: readonly Address[]): Address | null => list.find((address) => address.isSelected) ?? null

/** The tag as a diner reads it: a Custom tag by its own name. */
export const tagLabel = (address: Pick<Address, 'tag' | 'customTag'>): string =>
  address.tag === 'Custom' ? address.customTag || 'Other' : address.tag

/** One line of the address for lists and summaries. */
export const addressText = (address: Pick<Address, 'addressLine1' | 'addressLine2' | 'addressLine3'>): string =>
  [address.addressLine1, address.addressLine2, address.addressLine3].filter((part) => part.trim() !== '').join(', ')
