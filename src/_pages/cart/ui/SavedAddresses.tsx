import { Radio, RadioGroup } from '@headlessui/react'
import { addressText, tagLabel } from '@/entities/address'
import type { Address } from '@/shared/api'
import css from './CartPage.module.css'
import { NEW, TYPED } from './saved-address-values'

type SavedAddressesProps = {
  saved: Address[]
  value: string
  /** The address typed for this order when it is not a saved one. */
  typed: string | null
  onChange: (value: string) => void
}

/** The diner's saved addresses, the one typed for this order, and "+ A new address" (DeliveryAddress). */
export function SavedAddresses({ saved, value, typed, onChange }: SavedAddressesProps) {
  return (
    <RadioGroup className={css.addressList} aria-label="Deliver to" value={value} onChange={onChange}>
      {saved.map((address) => (
        <Radio key={address.id} value={address.id} className={css.addressOption}>
          <span className={css.addressTag}>
            {tagLabel(address)}
            {address.isSelected && <span className={css.badge}>Selected for delivery</span>}
          </span>
          <span className={css.muted}>{addressText(address)}</span>
        </Radio>
      ))}
      {typed !== null && (
        <Radio value={TYPED} className={css.addressOption}>
          <span className={css.addressTag}>This order</span>
          <span className={css.muted}>{typed}</span>
        </Radio>
      )}
      <Radio value={NEW} className={css.addressOption}>
        <span className={css.addressTag}>+ A new address</span>
      </Radio>
    </RadioGroup>
  )
}
