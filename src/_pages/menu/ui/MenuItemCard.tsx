import type { ReactNode } from 'react'
import { isSoldOut, ItemTypeMark, stockLeft } from '@/entities/menu'
import type { MenuItem } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import css from './MenuItemCard.module.css'

type MenuItemCardProps = {
  item: MenuItem
  currency: string
  /** The item's customisation screen, or null on a browse-only menu. */
  href: string | null
  headingLevel: 3 | 4
  /** Buttons that sit above the card's link, such as a favourite heart. */
  actions?: ReactNode
}

/** One dish: name, food type, price, description, tags, options and stock. */
export function MenuItemCard({ item, currency, href, headingLevel, actions }: MenuItemCardProps) {
  const Heading = `h${headingLevel}` as const
  const soldOut = isSoldOut(item)
  const left = stockLeft(item)
  const target = soldOut ? null : href
  return (
    <article className={css.item} data-testid="menu-item" data-sold-out={soldOut || undefined} aria-label={item.name}>
      <div className={css.text}>
        <Heading className={css.name}>
          <ItemTypeMark itemType={item.itemType} />
          {target ? (
            <a className={css.link} href={target}>
              {item.name}
            </a>
          ) : (
            <span>{item.name}</span>
          )}
        </Heading>
        <p className={css.price}>{formatMoney(item.price, currency)}</p>
        {item.description && <p className={css.description}>{item.description}</p>}
        {item.tags.length > 0 && (
          <ul className={css.tags} aria-label="Tags">
            {item.tags.map((tag) => (
              <li key={tag} className={css.tag}>
                {tag}
              </li>
            ))}
          </ul>
        )}
        {item.modifiers.length > 0 && <p className={css.customisable}>Customisable: {item.modifiers.map((m) => m.name).join(', ')}</p>}
        {soldOut && <p className={css.soldOut}>Sold out</p>}
        {left !== null && <p className={css.low}>Only {left} left</p>}
      </div>
      {item.image && <img className={css.image} src={item.image} alt="" width={120} height={90} loading="lazy" />}
      {actions && <div className={css.actions}>{actions}</div>}
    </article>
  )
}
