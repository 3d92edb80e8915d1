import type { LocationSummary } from '@/shared/api'

type Fulfilment = Pick<
  LocationSummary,
  'delivery' | 'deliveryKMRadius' | 'takeAway' | 'dining' | 'defaultPickUpETA' | 'defaultDeliveryETA'
>

export type Coverage = {
  deliversHere: boolean
  /** "Delivers here", "Too far for delivery", "Pickup only", "Dine-in only" or "No delivery". */
  label: string
  tone: 'good' | 'limited'
  /** Estimated minutes, as the diner reads them: "Pickup in about 20 min". */
  etas: string[]
}

/** What a restaurant `distanceKm` away can do for a diner at that point. */
export function coverageAt(restaurant: Fulfilment, distanceKm: number): Coverage {
  const deliversHere = restaurant.delivery && distanceKm <= restaurant.deliveryKMRadius
  const label = deliversHere
    ? 'Delivers here'
    : restaurant.delivery
      ? 'Too far for delivery'
      : restaurant.takeAway
        ? 'Pickup only'
        : restaurant.dining
          ? 'Dine-in only'
          : 'No delivery'
  const etas: string[] = []
  if (restaurant.takeAway && restaurant.defaultPickUpETA > 0) etas.push(`Pickup in about ${restaurant.defaultPickUpETA} min`)
  if (deliversHere && restaurant.defaultDeliveryETA > 0) etas.push(`Delivery in about ${restaurant.defaultDeliveryETA} min`)
  return { deliversHere, label, tone: deliversHere ? 'good' : 'limited', etas }
}

const kilometres = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** "0.6 km", "13,448.7 km". */
export const formatKm = (km: number) => `${kilometres.format(km)} km`
