import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react'
import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { $addressChange, $addresses, addAddress, clearAddressChange, geocodeAddress } from '@/entities/address'
import type { DeliveryLocation } from '@/entities/cart'
import type { AddressTag, GeocodedAddress } from '@/shared/api'
import { Spinner } from '@/shared/ui'
import css from './AddressEntry.module.css'

// Leaflet is heavy: the map comes in its own chunk once there is a pin to place.
const PinMap = lazy(() => import('@/widgets/restaurant-map').then((module) => ({ default: module.PinMap })))

/** Wait this long after the last key before asking the geocoder: one request per pause, not per letter. */
export const GEOCODE_DEBOUNCE_MS = 250
const MIN_QUERY = 2
const SEARCH_DOWN = 'Address search is not available right now. Drop the pin on the map instead.'

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
 * A new delivery address as people type it: the street found by the geocoder (a Headless UI
 * combobox), the apartment and instructions, the pin dragged onto the door; saved to the account
 * if the diner wants. Never latitude or longitude fields (docs/checkout.md "Addresses").
 */
export function AddressEntry({ near, customerId, onDone, onCancel }: AddressEntryProps) {
  const ids = useId()
  const saved = useStore($addresses)
  const change = useStore($addressChange)
  const [query, setQuery] = useState('')
  const [results, setResults] = useState<GeocodedAddress[]>([])
  const [searching, setSearching] = useState(false)
  const [searchDown, setSearchDown] = useState(false)
  const [found, setFound] = useState<GeocodedAddress | null>(null)
  const [pin, setPin] = useState<{ lat: number; lng: number } | null>(null)
  const [apartment, setApartment] = useState('')
  const [instructions, setInstructions] = useState('')
  const [keep, setKeep] = useState(Boolean(customerId))
  const [problem, setProblem] = useState<string | null>(null)
  const asked = useRef(0)

  useEffect(() => clearAddressChange, [])

  useEffect(() => {
    const text = query.trim()
    if (text.length < MIN_QUERY || (found && text === found.label)) {
      setResults([])
      setSearching(false)
      return
    }
    const ask = ++asked.current
    setSearching(true)
    const timer = setTimeout(() => {
      geocodeAddress(text, { lat: near.lat, lng: near.lng }).then(
        (answer) => {
          if (ask !== asked.current) return
          setResults(answer)
          setSearchDown(false)
          setSearching(false)
        },
        (error: unknown) => {
          if (ask !== asked.current) return
          console.error('Address search failed:', error)
          setResults([])
          setSearchDown(true)
          setSearching(false)
          // Nothing to choose from: the pin starts at the restaurant for the diner to move.
          setPin((current) => current ?? { lat: near.lat, lng: near.lng })
        },
      )
    }, GEOCODE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // By its coordinates: the parent's object is new on every render.
  }, [query, found, near.lat, near.lng])

  function choose(result: GeocodedAddress | null) {
    if (!result) return
    setFound(result)
    setQuery(result.label)
    setPin({ lat: result.lat, lng: result.lng })
    setProblem(null)
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    clearAddressChange()
    const street = found?.label ?? query.trim()
    if (!street) return setProblem('Type the street and number, then choose the address from the list.')
    if (!found && !searchDown) return setProblem('Choose the address from the list, so the courier finds it.')
    if (!pin) return setProblem('Place the pin where the courier should stop.')
    setProblem(null)
    const location: DeliveryLocation = { lat: pin.lat, lng: pin.lng, label: street, ...(apartment.trim() ? { apartment: apartment.trim() } : {}) }
    if (customerId && keep) {
      const kept = await addAddress({
        customerId,
        ...tagFor(
          saved.map((address) => address.tag),
          found?.addressLine1 ?? street,
        ),
        addressLine1: street,
        addressLine2: apartment.trim(),
        addressLine3: instructions.trim(),
        lat: pin.lat,
        lng: pin.lng,
        isSelected: true,
      })
      if (!kept) return
      return onDone({ ...location, addressId: kept.id }, instructions.trim())
    }
    onDone(location, instructions.trim())
  }

  const noMatch = !searching && !searchDown && !found && query.trim().length >= MIN_QUERY && results.length === 0
  const message = problem ?? change.error

  return (
    <form className={css.entry} onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={css.title}>
        A new address
      </h3>
      <Field className={css.field}>
        <Label className={css.label}>Street address</Label>
        <Combobox value={found} onChange={choose} by="label">
          <div className={css.search}>
            <ComboboxInput
              className={css.input}
              autoComplete="street-address"
              placeholder="e.g. 350 5th Ave"
              displayValue={(address: GeocodedAddress | null) => address?.label ?? query}
              onChange={(event) => {
                setQuery(event.target.value)
                if (found && event.target.value !== found.label) setFound(null)
              }}
            />
            <ComboboxOptions className={css.options} modal={false}>
              {results.map((result) => (
                <ComboboxOption key={`${result.label} ${result.lat} ${result.lng}`} value={result} className={css.option}>
                  <span className={css.optionMain}>{result.addressLine1}</span>
                  <span className={css.optionMore}>{result.label.slice(result.addressLine1.length).replace(/^, /, '') || result.locality}</span>
                </ComboboxOption>
              ))}
            </ComboboxOptions>
          </div>
        </Combobox>
      </Field>
      <div aria-live="polite" className={css.status}>
        {searching && <span>Looking for the address…</span>}
        {noMatch && <span>No address found for “{query.trim()}”. Type the number and the street, e.g. 350 5th Ave.</span>}
        {searchDown && <span>{SEARCH_DOWN}</span>}
      </div>

      {pin && (
        <div className={css.mapArea}>
          <Suspense fallback={<Spinner label="Loading the map" />}>
            <PinMap className={css.map} label="Map of the delivery point" pinLabel="The delivery point" position={pin} zoom={17} onMove={setPin} />
          </Suspense>
          <p className={css.hint}>Drag the pin onto the door, or tap the map where the courier should stop.</p>
        </div>
      )}

      <div className={css.pair}>
        <div className={css.field}>
          <label htmlFor={`${ids}-apartment`} className={css.label}>
            Apartment, suite or floor <span className={css.muted}>(optional)</span>
          </label>
          <input id={`${ids}-apartment`} className={css.input} autoComplete="address-line2" maxLength={200} value={apartment} onChange={(event) => setApartment(event.target.value)} />
        </div>
        <div className={css.field}>
          <label htmlFor={`${ids}-instructions`} className={css.label}>
            Instructions for the courier <span className={css.muted}>(optional)</span>
          </label>
          <input id={`${ids}-instructions`} className={css.input} maxLength={200} placeholder="e.g. Ring 4B, leave with the doorman" value={instructions} onChange={(event) => setInstructions(event.target.value)} />
        </div>
      </div>
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
