import type { MouseEvent, ReactNode } from 'react'
import { AllergenNote, canQuickAdd, DietaryMarks, isSoldOut, stockLeft } from '@/entities/menu'
import type { DietaryMarket, MenuItem } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import css from './MenuItemCard.module.css'

type MenuItemCardProps = {
  item: MenuItem
  currency: string
  market: DietaryMarket
  /** The item's own page, or null on a browse-only menu. */
  href: string | null
  headingLevel: 3 | 4
  /** Opens the dish over the menu; without it the link opens the item's page. */
  onOpen?: (item: MenuItem) => void
  /** "+": adds a dish without required choices at once (a dish with one opens instead). */
  onQuickAdd?: (item: MenuItem) => void
  /** Buttons that sit above the card's link, such as a favourite heart. */
  actions?: ReactNode
  /** A second showing of the dish (under "Popular"): not a second article of the menu. */
  repeat?: boolean
  /** Whether "Vegetarian" tells this dish from its neighbours (docs/menu.md). */
  vegetarianMatters?: boolean
}

/** A plain click opens the sheet; a click meant for a new tab or window keeps the link's own way. */
const opensHere = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey

/** One dish, compact: name, marks, price, two lines of description, allergens, picture and "+". */
export function MenuItemCard({ item, currency, market, href, headingLevel, onOpen, onQuickAdd, actions, repeat = false, vegetarianMatters = true }: MenuItemCardProps) {
  const Heading = `h${headingLevel}` as const
  const soldOut = isSoldOut(item)
  const left = stockLeft(item)
  const target = soldOut ? null : href
  const quick = canQuickAdd(item)
  const Card = repeat ? 'div' : 'article'
  return (
    <Card className={css.item} data-testid={repeat ? 'popular-item' : 'menu-item'} data-sold-out={soldOut || undefined} aria-label={repeat ? undefined : item.name}>
      <div className={css.text}>
        <Heading className={css.name}>
          {target ? (
            <a
              className={css.link}
              href={target}
              onClick={(event) => {
                if (onOpen && opensHere(event)) {
                  event.preventDefault()
                  onOpen(item)
                }
              }}
            >
              {item.name}
            </a>
          ) : (
            <span>{item.name}</span>
          )}
        </Heading>
        <div className={css.meta}>
          <span className={css.price}>{formatMoney(item.price, currency)}</span>
          <DietaryMarks item={item} market={market} vegetarianMatters={vegetarianMatters} />
          <AllergenNote allergens={item.allergens} compact />
        </div>
        {item.description && <p className={css.description}>{item.description}</p>}
        {soldOut && <p className={css.soldOut}>Sold out</p>}
        {left !== null && <p className={css.low}>Only {left} left</p>}
      </div>
      <div className={css.visual}>
        {item.image && <img className={css.image} src={item.image} alt="" width={88} height={88} loading="lazy" />}
        {target && onQuickAdd && (
          <button
            type="button"
            className={css.add}
            data-testid="quick-add"
            aria-label={quick ? `Add ${item.name} to your cart` : `Choose options for ${item.name}`}
            onClick={() => (quick ? onQuickAdd(item) : onOpen?.(item))}
          >
            <span aria-hidden="true">+</span>
          </button>
        )}
        {actions && <div className={css.actions}>{actions}</div>}
      </div>
    </Card>
  )
}
