import type { ElementType } from 'react'
import { AllergenNote, DietaryMarks, isSoldOut, orderingUnavailableReason, stockLeft, tagsBesideMarks } from '@/entities/menu'
import type { DietaryMarket, MenuItem, RestaurantDetail } from '@/shared/api'
import { formatMoney } from '@/shared/lib/money'
import type { AddOutcome } from '../model/add-to-cart'
import { CustomiseItemForm } from './CustomiseItemForm'
import css from './ItemDetails.module.css'

type AddedOutcome = Extract<AddOutcome, { status: 'added' | 'updated' }>

type ItemDetailsProps = {
  item: MenuItem
  restaurant: RestaurantDetail
  market: DietaryMarket
  eventDate: string | null
  onAdded: (outcome: AddedOutcome) => void
  /** The id the dish's name gets, for a dialog's aria-labelledby. */
  titleId: string
  /** A sheet over the menu (one column) or the item's own page (picture beside the form on wide screens). */
  layout: 'page' | 'sheet'
  /** The heading: the page's h1, or a dialog's title (which names the dialog). */
  Title?: ElementType
}

/** One dish: picture, marks, price, description, allergens and facts, then its choices and "Add to order". */
export function ItemDetails({ item, restaurant, market, eventDate, onAdded, titleId, layout, Title = 'h1' }: ItemDetailsProps) {
  const soldOut = isSoldOut(item)
  const left = stockLeft(item)
  const image = item.image ?? item.subCategoryImg
  const tags = tagsBesideMarks(item.tags, market)
  return (
    <article className={css.detail} data-layout={layout} aria-labelledby={titleId}>
      {image && (
        <div className={css.media}>
          <img className={css.image} src={image} alt="" width={640} height={480} />
        </div>
      )}
      <div className={css.body}>
        <Title id={titleId} className={css.name}>
          {item.name}
        </Title>
        <div className={css.marks}>
          <DietaryMarks item={item} market={market} />
          <span className={css.price}>{formatMoney(item.price, restaurant.currency)}</span>
        </div>
        {soldOut && <p className={css.soldOut}>Sold out</p>}
        {left !== null && <p className={css.low}>Only {left} left</p>}
        {item.description && <p className={css.description}>{item.description}</p>}
        <AllergenNote allergens={item.allergens} />
        <ul className={css.facts} aria-label="About this dish">
          {tags.map((tag) => (
            <li key={tag} className={css.tag}>
              {tag}
            </li>
          ))}
          {item.calories !== null && <li className={css.fact}>{item.calories} kcal</li>}
          <li className={css.fact}>{item.subCategory ? `${item.category} · ${item.subCategory}` : item.category}</li>
        </ul>
        <CustomiseItemForm restaurant={restaurant} eventDate={eventDate} unavailableReason={orderingUnavailableReason(restaurant)} onAdded={onAdded} />
      </div>
    </article>
  )
}

/** The sheet's first frame: the dish's name (which labels the dialog) before its picture and choices arrive. */
export function ItemDetailsShell({ item, titleId }: { item: MenuItem; titleId: string }) {
  return (
    <article className={css.detail} data-layout="sheet" aria-labelledby={titleId} aria-busy="true">
      <div className={css.body}>
        <h2 id={titleId} className={css.name}>
          {item.name}
        </h2>
      </div>
    </article>
  )
}
