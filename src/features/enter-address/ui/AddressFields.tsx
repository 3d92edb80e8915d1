import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react'
import { Suspense, useEffect, useId, useRef, useState, type ComponentType } from 'react'
import { geocodeAddress } from '@/entities/address'
import { ApiRefusal, type GeocodedAddress } from '@/shared/api'
import { Spinner } from '@/shared/ui'
import type { AddressDraft, LatLng } from '../model/address-draft'
import css from './AddressFields.module.css'

/** The map with a draggable pin: the widget's PinMap, handed down by the page (a feature does not import widgets), lazily loaded (Leaflet is heavy). */
export type PinMapSlot = ComponentType<{ className?: string; label: string; pinLabel: string; position: LatLng; zoom?: number; onMove: (position: LatLng) => void }>

/** Wait this long after the last key before asking the geocoder: one request per pause, not per letter. */
export const GEOCODE_DEBOUNCE_MS = 250
const MIN_QUERY = 2
const SEARCH_DOWN = 'Address search is not available right now. Drop the pin on the map instead.'

const withPinHint = (message: string) => (/pin/i.test(message) ? message : `${message} Drop the pin on the map instead.`)

type AddressFieldsProps = {
  value: AddressDraft
  onChange: (next: AddressDraft) => void
  /** Results near this point first (the restaurant, or where the diner is); the pin starts here when nothing is found. */
  near: LatLng
  PinMap: PinMapSlot
}

/**
 * The street found by the geocoder (a Headless UI combobox), the apartment and instructions, and
 * the pin dragged onto the door. Never latitude or longitude fields (docs/checkout.md "Addresses").
 */
export function AddressFields({ value, onChange, near, PinMap }: AddressFieldsProps) {
  const ids = useId()
  const [results, setResults] = useState<GeocodedAddress[]>([])
  const [searching, setSearching] = useState(false)
  const [downMessage, setDownMessage] = useState(SEARCH_DOWN)
  const asked = useRef(0)
  // The latest draft, for answers that arrive after the diner typed on.
  const latest = useRef(value)
  latest.current = value
  const { query, found } = value

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
          setSearching(false)
          if (latest.current.searchDown) onChange({ ...latest.current, searchDown: false })
        },
        (error: unknown) => {
          if (ask !== asked.current) return
          console.error('Address search failed:', error)
          setResults([])
          setSearching(false)
          // A refusal says why (too many searches: when to try again); the pin still gives the point.
          setDownMessage(error instanceof ApiRefusal && error.message ? withPinHint(error.message) : SEARCH_DOWN)
          // Nothing to choose from: the pin starts here for the diner to move.
          onChange({ ...latest.current, searchDown: true, pin: latest.current.pin ?? { lat: near.lat, lng: near.lng } })
        },
      )
    }, GEOCODE_DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // By its coordinates: the parent's object is new on every render.
  }, [query, found, near.lat, near.lng])

  function choose(result: GeocodedAddress | null) {
    if (!result) return
    onChange({ ...value, found: result, query: result.label, pin: { lat: result.lat, lng: result.lng } })
  }

  const noMatch = !searching && !value.searchDown && !found && query.trim().length >= MIN_QUERY && results.length === 0

  return (
    <div className={css.fields}>
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
                const text = event.target.value
                onChange({ ...value, query: text, found: found && text !== found.label ? null : found })
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
        {value.searchDown && <span>{downMessage}</span>}
      </div>

      {value.pin && (
        <div className={css.mapArea}>
          <Suspense fallback={<Spinner label="Loading the map" />}>
            <PinMap className={css.map} label="Map of the delivery point" pinLabel="The delivery point" position={value.pin} zoom={17} onMove={(pin) => onChange({ ...latest.current, pin })} />
          </Suspense>
          <p className={css.hint}>Drag the pin onto the door, or tap the map where the courier should stop.</p>
        </div>
      )}

      <div className={css.pair}>
        <div className={css.field}>
          <label htmlFor={`${ids}-apartment`} className={css.label}>
            Apartment, suite or floor <span className={css.muted}>(optional)</span>
          </label>
          <input id={`${ids}-apartment`} className={css.input} autoComplete="address-line2" maxLength={200} value={value.apartment} onChange={(event) => onChange({ ...value, apartment: event.target.value })} />
        </div>
        <div className={css.field}>
          <label htmlFor={`${ids}-instructions`} className={css.label}>
            Instructions for the courier <span className={css.muted}>(optional)</span>
          </label>
          <input
            id={`${ids}-instructions`}
            className={css.input}
            maxLength={200}
            placeholder="e.g. Ring 4B, leave with the doorman"
            value={value.instructions}
            onChange={(event) => onChange({ ...value, instructions: event.target.value })}
          />
        </div>
      </div>
    </div>
  )
}
