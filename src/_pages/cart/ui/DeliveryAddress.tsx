import { useStore } from '@nanostores/react'
import { Suspense, useEffect, useState } from 'react'
import { $addresses, $addressesRequest, loadAddresses } from '@/entities/address'
import { setDeliveryInstruction, setDeliveryLocation, type Cart, type DeliveryLocation } from '@/entities/cart'
import { $session } from '@/entities/session'
import type { Address, RestaurantDetail } from '@/shared/api'
import { lazyPart } from '@/shared/lib/lazy'
import css from './CartPage.module.css'
import { NEW, TYPED } from './saved-address-values'

// A diner shows either the saved addresses (a radio group) or the typed entry (a combobox and a
// map) first, rarely both: each loads with its own chunk (docs/decisions.md "JS budgets").
const AddressEntry = lazyPart(() => import('./AddressEntry').then((module) => module.AddressEntry))
const SavedAddresses = lazyPart(() => import('./SavedAddresses').then((module) => module.SavedAddresses))

/** A saved address as the cart delivers to it: its street line and apartment, and which one it is. */
export const fromSaved = (address: Address): DeliveryLocation => ({
  lat: address.lat,
  lng: address.lng,
  label: address.addressLine1,
  ...(address.addressLine2.trim() ? { apartment: address.addressLine2.trim() } : {}),
  addressId: address.id,
})

/**
 * Where a delivery goes: the diner's saved addresses first (the one selected for delivery
 * preselected), the address typed for this cart, or a new one (docs/checkout.md "Addresses").
 */
export function DeliveryAddress({ cart, restaurant }: { cart: Cart; restaurant: RestaurantDetail }) {
  const session = useStore($session)
  const customerId = session.status === 'signedIn' ? (session.user?.customerId ?? null) : null
  const addresses = useStore($addresses)
  const request = useStore($addressesRequest)
  const [adding, setAdding] = useState(false)
  const where = cart.deliveryLocation
  const saved = customerId ? addresses : []

  useEffect(() => {
    if (customerId) void loadAddresses(customerId)
  }, [customerId])

  // The address "Selected for delivery" is the cart's until the diner picks another.
  useEffect(() => {
    if (where) return
    const selected = saved.find((address) => address.isSelected)
    if (selected) choose(selected)
  }, [where, saved])

  function choose(address: Address) {
    setDeliveryLocation(fromSaved(address))
    if (address.addressLine3.trim() && !cart.deliveryInstruction.trim()) setDeliveryInstruction(address.addressLine3.trim())
  }

  const typedHere = where && !saved.some((address) => address.id === where.addressId)
  const entry = (
    <Suspense fallback={<p className={css.hint}>Loading the address form…</p>}>
      <AddressEntry
        near={restaurant}
        customerId={customerId}
        onCancel={saved.length > 0 || where ? () => setAdding(false) : undefined}
        onDone={(location, instructions) => {
          setDeliveryLocation(location)
          if (instructions) setDeliveryInstruction(instructions)
          setAdding(false)
        }}
      />
    </Suspense>
  )

  if (saved.length === 0 && !where) {
    return (
      <div className={css.address}>
        {customerId && request.loading ? <p className={css.hint}>Loading your addresses…</p> : entry}
      </div>
    )
  }

  const value = adding ? NEW : (where?.addressId ?? (where ? TYPED : ''))
  return (
    <div className={css.address}>
      <Suspense fallback={<p className={css.hint}>Loading your addresses…</p>}>
        <SavedAddresses
          saved={saved}
          value={value}
          typed={typedHere ? [where.label, where.apartment].filter(Boolean).join(', ') : null}
          onChange={(next: string) => {
            if (next === NEW) return setAdding(true)
            setAdding(false)
            const address = saved.find((candidate) => candidate.id === next)
            if (address) choose(address)
          }}
        />
      </Suspense>
      {adding && entry}
    </div>
  )
}
