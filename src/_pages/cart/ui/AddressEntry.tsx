import { useStore } from '@nanostores/react'
import { lazy, useEffect, useId, useState, type FormEvent } from 'react'
import { $addressChange, $addresses, addAddress, clearAddressChange } from '@/entities/address'
import type { DeliveryLocation } from '@/entities/cart'
import { AddressFields, addressProblem, EMPTY_ADDRESS_DRAFT, streetOf, type AddressDraft } from '@/features/enter-address'
import type { AddressTag } from '@/shared/api'
import css from './AddressEntry.module.css'

// Leaflet is heavy: the map comes in its own chunk once there is a pin to place.
const PinMap = lazy(() => import('@/widgets/restaurant-map').then((module) => ({ default: module.PinMap })))

type AddressEntryProps = {
  /** The restaurant: results near it first, and the pin starts there when nothing is found. */
  near: { lat: number; lng: number }
  /** A signed-in diner's id, to save the address to their account. */
  customerId: string | null
  onDone: (location: DeliveryLocation, instructions: string) => void
  onCancel?: () => void
}

/** The label a saved address gets: Home, then Work, then named after its street. */
function tagFor(taken: AddressTag[], street: string): { tag: AddressTag; customTag: string | null } {
  if (!taken.includes('Home')) return { tag: 'Home', customTag: null }
  if (!taken.includes('Work')) return { tag: 'Work', customTag: null }
  return { tag: 'Custom', customTag: street.slice(0, 40) }
}

/**
 * A new delivery address for this cart (the shared entry of features/enter-address), saved to the
 * account if the diner wants (docs/checkout.md "Addresses").
 */
export function AddressEntry({ near, customerId, onDone, onCancel }: AddressEntryProps) {
  const ids = useId()
  const saved = useStore($addresses)
  const change = useStore($addressChange)
  const [draft, setDraft] = useState<AddressDraft>(EMPTY_ADDRESS_DRAFT)
  const [keep, setKeep] = useState(Boolean(customerId))
  const [problem, setProblem] = useState<string | null>(null)

  useEffect(() => clearAddressChange, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    clearAddressChange()
    const missing = addressProblem(draft)
    if (missing || !draft.pin) return setProblem(missing)
    setProblem(null)
    const street = streetOf(draft)
    const apartment = draft.apartment.trim()
    const instructions = draft.instructions.trim()
    const location: DeliveryLocation = { lat: draft.pin.lat, lng: draft.pin.lng, label: street, ...(apartment ? { apartment } : {}) }
    if (customerId && keep) {
      const kept = await addAddress({
        customerId,
        ...tagFor(
          saved.map((address) => address.tag),
          draft.found?.addressLine1 ?? street,
        ),
        addressLine1: street,
        addressLine2: apartment,
        addressLine3: instructions,
        lat: draft.pin.lat,
        lng: draft.pin.lng,
        isSelected: true,
      })
      if (!kept) return
      return onDone({ ...location, addressId: kept.id }, instructions)
    }
    onDone(location, instructions)
  }

  const message = problem ?? change.error

  return (
    <form className={css.entry} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={css.title}>
        A new address
      </h3>
      <AddressFields
        value={draft}
        near={near}
        PinMap={PinMap}
        onChange={(next) => {
          setDraft(next)
          if (next.found !== draft.found) setProblem(null)
        }}
      />
      {customerId && (
        <label className={css.keep}>
          <input type="checkbox" checked={keep} onChange={(event) => setKeep(event.target.checked)} />
          Save to my addresses
        </label>
      )}
      {message && (
        <p className={css.error} role="alert">
          {message}
        </p>
      )}
      <div className={css.actions}>
        <button type="submit" className="button" disabled={change.loading} aria-busy={change.loading || undefined}>
          {change.loading ? 'Saving…' : 'Deliver here'}
        </button>
        {onCancel && (
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}
