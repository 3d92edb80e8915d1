import { useStore } from '@nanostores/react'
import { formatMoney } from '@/shared/lib/money'
import { $customisation, clearCustomisation } from '../model/customise-item'
import css from './CustomisationBar.module.css'

type CustomisationBarProps = {
  locationId: string
  menuType: string
  currency: string
  /** Where the diner edits the item again, or null when it is no longer on the menu. */
  editPath: (itemId: string) => string | null
}

/** The item the diner last customised on this menu, to edit again or discard. */
export function CustomisationBar({ locationId, menuType, currency, editPath }: CustomisationBarProps) {
  const customisation = useStore($customisation)
  if (!customisation || customisation.locationId !== locationId || customisation.menuType !== menuType) return null
  const edit = editPath(customisation.itemId)
  const options = customisation.options.map((option) => option.optionName).join(', ')
  return (
    <aside className={css.bar} aria-label="Your customised item" data-testid="customisation-bar">
      <p className={css.text}>
        <strong>
          {customisation.quantity} × {customisation.itemName}
        </strong>{' '}
        · {formatMoney(customisation.total, currency)}
        {options && <span className={css.options}>{options}</span>}
      </p>
      <div className={css.actions}>
        {edit && (
          <a className="button button--secondary" href={edit}>
            Edit
          </a>
        )}
        <button type="button" className="button button--secondary" onClick={clearCustomisation}>
          Discard
        </button>
      </div>
    </aside>
  )
}
