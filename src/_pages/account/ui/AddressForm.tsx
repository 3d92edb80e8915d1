import { Radio, RadioGroup } from '@headlessui/react'
import { useStore } from '@nanostores/react'
import { lazy, useId, useState, type FormEvent } from 'react'
import { $addressChange, addAddress, clearAddressChange, editAddress } from '@/entities/address'
import { $selectedLocation, type LatLng } from '@/entities/location'
import { AddressFields, addressProblem, draftFromAddress, EMPTY_ADDRESS_DRAFT, streetOf, type AddressDraft } from '@/features/enter-address'
import type { Address, AddressTag } from '@/shared/api'
import css from './Account.module.css'

// Leaflet is heavy: the map comes in its own chunk once there is a pin to place.
const PinMap = lazy(() => import('@/widgets/restaurant-map').then((module) => ({ default: module.PinMap })))

const TAGS: AddressTag[] = ['Home', 'Work', 'Business', 'Custom']
/** Union Square, San Francisco: where the search looks first without any better idea. */
const FALLBACK_POINT: LatLng = { lat: 37.78799, lng: -122.40744 }

/** A saved address, entered as in the cart: the street found by the geocoder, apartment, instructions, the pin (docs/checkout.md "Addresses"). */
export function AddressForm({ customerId, address, onDone }: { customerId: string; address?: Address; onDone: () => void }) {
  const ids = useId()
  const change = useStore($addressChange)
  const selectedLocation = useStore($selectedLocation)
  const [tag, setTag] = useState<AddressTag>(address?.tag ?? 'Home')
  const [customTag, setCustomTag] = useState(address?.customTag ?? '')
  const [draft, setDraft] = useState<AddressDraft>(address ? draftFromAddress(address) : EMPTY_ADDRESS_DRAFT)
  const [problem, setProblem] = useState<string | null>(null)
  const near: LatLng = address ?? selectedLocation ?? FALLBACK_POINT

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    clearAddressChange()
    const missing = addressProblem(draft)
    if (missing || !draft.pin) return setProblem(missing)
    if (tag === 'Custom' && !customTag.trim()) return setProblem('Give this address a name, such as "Grandma’s".')
    setProblem(null)
    const body = {
      tag,
      customTag: tag === 'Custom' ? customTag.trim() : null,
      addressLine1: streetOf(draft),
      addressLine2: draft.apartment.trim(),
      addressLine3: draft.instructions.trim(),
      lat: draft.pin.lat,
      lng: draft.pin.lng,
    }
    const saved = address ? await editAddress(address.id, body) : await addAddress({ ...body, customerId })
    if (saved) onDone()
  }

  const message = problem ?? change.error

  return (
    <form className={css.form} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={css.subheading}>
        {address ? 'Edit the address' : 'Add an address'}
      </h3>
      <div className={css.tags}>
        <span id={`${ids}-tag`} className={css.tagsLabel}>
          Label
        </span>
        <RadioGroup value={tag} onChange={setTag} aria-labelledby={`${ids}-tag`} className={css.tagChoices}>
          {TAGS.map((option) => (
            <Radio key={option} value={option} className={css.tagChip}>
              {option === 'Custom' ? 'Other' : option}
            </Radio>
          ))}
        </RadioGroup>
      </div>
      {tag === 'Custom' && (
        <div className={css.field}>
          <label htmlFor={`${ids}-custom`}>Name of this address</label>
          <input id={`${ids}-custom`} value={customTag} maxLength={40} onChange={(event) => setCustomTag(event.target.value)} />
        </div>
      )}
      <AddressFields value={draft} near={near} onChange={setDraft} PinMap={PinMap} />
      {message && (
        <p className={css.error} role="alert">
          {message}
        </p>
      )}
      <div className={css.actions}>
        <button type="submit" className="button" disabled={change.loading}>
          {change.loading ? 'Saving…' : 'Save address'}
        </button>
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  )
}
