import { useStore } from '@nanostores/react'
import { Suspense, useEffect, useRef, useState } from 'react'
import {
  $addressChange,
  $addresses,
  $addressesRequest,
  addressText,
  clearAddressChange,
  deleteAddress,
  loadAddresses,
  selectAddress,
  tagLabel,
} from '@/entities/address'
import type { Address } from '@/shared/api'
import { lazyPart } from '@/shared/lib/lazy'
import { Spinner } from '@/shared/ui'
import css from './Account.module.css'

// The form brings the pin map (Leaflet) and its radio group: loaded when the diner adds or edits an address.
const AddressForm = lazyPart(() => import('./AddressForm').then((module) => module.AddressForm))

type Editing = { mode: 'add' } | { mode: 'edit'; address: Address } | null

/** The address book: tags, the selected address marked, add, edit, select and delete (docs/accounts.md, "The profile, addresses and favourites"). */
export function AddressSection({ customerId }: { customerId: string }) {
  const addresses = useStore($addresses)
  const request = useStore($addressesRequest)
  const change = useStore($addressChange)
  const [editing, setEditing] = useState<Editing>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  const addButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    void loadAddresses(customerId)
    clearAddressChange()
  }, [customerId])

  if (editing) {
    return (
      <Suspense fallback={<Spinner label={editing.mode === 'edit' ? 'Opening the address' : 'Opening the address form'} />}>
        <AddressForm
          customerId={customerId}
          address={editing.mode === 'edit' ? editing.address : undefined}
          onDone={() => {
            setEditing(null)
            requestAnimationFrame(() => addButton.current?.focus())
          }}
        />
      </Suspense>
    )
  }
  if (request.error && !request.success) {
    return (
      <div className={css.problem} role="alert">
        <p>{request.error}</p>
        <button type="button" className="button button--secondary" onClick={() => void loadAddresses(customerId)}>
          Retry
        </button>
      </div>
    )
  }
  if (!request.success) return <Spinner label="Loading your addresses" />

  return (
    <div className={css.stack}>
      <div className={css.actions}>
        <button ref={addButton} type="button" className="button" onClick={() => setEditing({ mode: 'add' })}>
          Add an address
        </button>
      </div>
      {change.error && (
        <p className={css.error} role="alert">
          {change.error}
        </p>
      )}
      {addresses.length === 0 ? (
        <p className={css.empty}>No delivery addresses yet.</p>
      ) : (
        <ul className={css.list} aria-label="Your delivery addresses">
          {addresses.map((address) => (
            <li key={address.id} className={`${css.card} ${address.isSelected ? css.selected : ''}`}>
              <div className={css.cardText}>
                <span className={css.tag}>{tagLabel(address)}</span>
                {address.isSelected && <span className={css.badge}>Selected for delivery</span>}
                <p className={css.address}>{addressText(address)}</p>
              </div>
              {confirming === address.id ? (
                <div className={css.confirm} role="group" aria-label={`Delete ${tagLabel(address)} address?`}>
                  <p>Delete this address?</p>
                  <button
                    type="button"
                    className="button"
                    autoFocus
                    disabled={change.loading}
                    onClick={async () => {
                      if (await deleteAddress(address.id)) setConfirming(null)
                    }}
                  >
                    Yes, delete
                  </button>
                  <button type="button" className="button button--secondary" onClick={() => setConfirming(null)}>
                    Keep it
                  </button>
                </div>
              ) : (
                <div className={css.cardActions}>
                  {!address.isSelected && (
                    <button
                      type="button"
                      className="button button--secondary"
                      disabled={change.loading}
                      aria-label={`Deliver to ${tagLabel(address)}: ${address.addressLine1}`}
                      onClick={() => void selectAddress(address.id)}
                    >
                      Deliver here
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Edit ${tagLabel(address)}: ${address.addressLine1}`}
                    onClick={() => setEditing({ mode: 'edit', address })}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Delete ${tagLabel(address)}: ${address.addressLine1}`}
                    onClick={() => setConfirming(address.id)}
                  >
                    Delete
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
