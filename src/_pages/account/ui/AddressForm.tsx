import { Radio, RadioGroup } from '@headlessui/react'
import { useStore } from '@nanostores/react'
import { useId, useState, type FormEvent } from 'react'
import { $addressChange, addAddress, clearAddressChange, editAddress } from '@/entities/address'
import { $selectedLocation, parsePoint, UseMyLocationButton, type LatLng } from '@/entities/location'
import type { Address, AddressTag } from '@/shared/api'
import { PinMap } from '@/widgets/restaurant-map'
import css from './Account.module.css'

const TAGS: AddressTag[] = ['Home', 'Work', 'Business', 'Custom']
/** Union Square, San Francisco: where the pin starts without any better idea. */
const FALLBACK_POINT: LatLng = { lat: 37.78799, lng: -122.40744 }

export function AddressForm({ customerId, address, onDone }: { customerId: string; address?: Address; onDone: () => void }) {
  const ids = useId()
  const change = useStore($addressChange)
  const selectedLocation = useStore($selectedLocation)
  const [tag, setTag] = useState<AddressTag>(address?.tag ?? 'Home')
  const [customTag, setCustomTag] = useState(address?.customTag ?? '')
  const [line1, setLine1] = useState(address?.addressLine1 ?? '')
  const [line2, setLine2] = useState(address?.addressLine2 ?? '')
  const [line3, setLine3] = useState(address?.addressLine3 ?? '')
  const [point, setPoint] = useState<LatLng>(address ?? selectedLocation ?? FALLBACK_POINT)
  const [latText, setLatText] = useState(String(point.lat))
  const [lngText, setLngText] = useState(String(point.lng))
  const [problem, setProblem] = useState<string | null>(null)

  const movePin = (next: LatLng) => {
    setPoint(next)
    setLatText(String(next.lat))
    setLngText(String(next.lng))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    clearAddressChange()
    if (!line1.trim()) return setProblem('Enter the first line of the address.')
    if (tag === 'Custom' && !customTag.trim()) return setProblem('Give this address a name, such as "Grandma’s".')
    const typed = parsePoint(latText, lngText)
    if (!typed) return setProblem('Enter a latitude from -90 to 90 and a longitude from -180 to 180, or move the pin.')
    setProblem(null)
    const body = {
      tag,
      customTag: tag === 'Custom' ? customTag.trim() : null,
      addressLine1: line1.trim(),
      addressLine2: line2.trim(),
      addressLine3: line3.trim(),
      lat: typed.lat,
      lng: typed.lng,
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
      <div className={css.field}>
        <label htmlFor={`${ids}-line1`}>Address line 1</label>
        <input id={`${ids}-line1`} autoComplete="address-line1" value={line1} maxLength={200} required onChange={(event) => setLine1(event.target.value)} />
      </div>
      <div className={css.field}>
        <label htmlFor={`${ids}-line2`}>Address line 2 (optional)</label>
        <input id={`${ids}-line2`} autoComplete="address-line2" value={line2} maxLength={200} onChange={(event) => setLine2(event.target.value)} />
      </div>
      <div className={css.field}>
        <label htmlFor={`${ids}-line3`}>Landmark or instructions (optional)</label>
        <input id={`${ids}-line3`} value={line3} maxLength={200} onChange={(event) => setLine3(event.target.value)} />
      </div>
      <div className={css.mapArea}>
        <PinMap
          className={css.map}
          label="Map for placing the delivery pin"
          pinLabel="The delivery point"
          position={point}
          zoom={16}
          onMove={movePin}
        />
      </div>
      <p className={css.muted}>Drag the pin or click the map where the courier should stop, or type the coordinates.</p>
      <div className={css.coordinates}>
        <div className={css.field}>
          <label htmlFor={`${ids}-lat`}>Latitude</label>
          <input
            id={`${ids}-lat`}
            inputMode="decimal"
            autoComplete="off"
            value={latText}
            onChange={(event) => setLatText(event.target.value)}
            onBlur={() => {
              const typed = parsePoint(latText, lngText)
              if (typed) setPoint(typed)
            }}
          />
        </div>
        <div className={css.field}>
          <label htmlFor={`${ids}-lng`}>Longitude</label>
          <input
            id={`${ids}-lng`}
            inputMode="decimal"
            autoComplete="off"
            value={lngText}
            onChange={(event) => setLngText(event.target.value)}
            onBlur={() => {
              const typed = parsePoint(latText, lngText)
              if (typed) setPoint(typed)
            }}
          />
        </div>
      </div>
      <UseMyLocationButton className="button button--secondary" onLocated={(located) => movePin({ lat: located.lat, lng: located.lng })} />
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
