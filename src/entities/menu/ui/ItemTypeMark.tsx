import css from './ItemTypeMark.module.css'

/** The food-type symbol (a dot for Veg, a triangle for Non-veg), named for screen readers. */
export function ItemTypeMark({ itemType }: { itemType: string | null }) {
  if (!itemType) return null
  return <span className={css.mark} data-type={itemType} role="img" aria-label={itemType} title={itemType} />
}
