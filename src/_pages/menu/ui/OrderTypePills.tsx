import { deliveryTypeOf, menuPath, type MenuPlace, type MenuView } from '@/entities/menu'
import type { RestaurantDetail } from '@/shared/api'
import css from './MenuPage.module.css'

/** The restaurant's order types (pickup, delivery, dine-in); each opens that type's menu. */
export function OrderTypePills({ restaurant, place, view, active }: { restaurant: RestaurantDetail; place: MenuPlace; view: MenuView; active: string | null }) {
  const dineIn = restaurant.orderTypes.filter((type) => deliveryTypeOf(type) === 'Dine-in')
  // An event's menu orders for its event only; elsewhere event types (typeGroup E) are reached from the event's page.
  const forEvent = restaurant.orderTypes.find((type) => type.code === active)?.typeGroup === 'E'
  const listed = restaurant.orderTypes.filter((type) => (type.typeGroup === 'E') === forEvent)
  // At a table the diner eats there: pickup and delivery would only confuse.
  const types = place.kind === 'table' && dineIn.length > 0 ? dineIn : listed
  if (types.length === 0) return null
  return (
    <nav className={css.pills} aria-label="Order type">
      {types.map((type) => (
        <a key={type.code} className={css.pill} aria-current={type.code === active ? 'page' : undefined} href={menuPath(place, view, type.code)}>
          {type.name}
        </a>
      ))}
    </nav>
  )
}
