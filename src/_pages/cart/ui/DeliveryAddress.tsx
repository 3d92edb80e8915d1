import { Radio, RadioGroup } from '@headlessui/react'
import { useStore } from '@nanostores/react'
import { useEffect, useState } from 'react'
import { $addresses, $addressesRequest, addressText, loadAddresses, tagLabel } from '@/entities/address'
import { setDeliveryInstruction, setDeliveryLocation, type Cart, type DeliveryLocation } from '@/entities/cart'
import { $session } from '@/entities/session'
import type { Address, RestaurantDetail } from '@/shared/api'
import { AddressEntry } from './AddressEntry'
import css from './CartPage.module.css'

const NEW = 'new'
const TYPED = 'typed'

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
      <RadioGroup
        className={css.addressList}
        aria-label="Deliver to"
        value={value}
        onChange={(next: string) => {
          if (next === NEW) return setAdding(true)
          setAdding(false)
          const address = saved.find((candidate) => candidate.id === next)
          if (address) choose(address)
        }}
      >
        {saved.map((address) => (
          <Radio key={address.id} value={address.id} className={css.addressOption}>
            <span className={css.addressTag}>
              {tagLabel(address)}
              {address.isSelected && <span className={css.badge}>Selected for delivery</span>}
            </span>
            <span className={css.muted}>{addressText(address)}</span>
          </Radio>
        ))}
        {typedHere && (
          <Radio value={TYPED} className={css.addressOption}>
            <span className={css.addressTag}>This order</span>
            <span className={css.muted}>{[where.label, where.apartment].filter(Boolean).join(', ')}</span>
          </Radio>
        )}
        <Radio value={NEW} className={css.addressOption}>
          <span className={css.addressTag}>+ A new address</span>
        </Radio>
      </RadioGroup>
      {adding && entry}
    </div>
  )
}
