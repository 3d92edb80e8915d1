import {
  hasBuildData,
  loadAllLocations,
  loadCustomerMenu,
  loadRestaurant,
  loadSiteConfig,
  type MenuResponse,
  type RestaurantDetail,
} from '@/shared/api'
import { resolveTheme } from '@/entities/restaurant'
import { restaurantJsonLd } from '../lib/json-ld'

/** Static details pages: one per location, under its own merchant type. */
export async function detailsStaticPaths() {
  if (!hasBuildData()) return []
  const locations = await loadAllLocations()
  return locations.map((location) => ({ params: { merchantType: location.merchantType, merchantSlug: location.locationSlug } }))
}

export type DetailsView = {
  restaurant: RestaurantDetail
  tileUrl: string
  seo: {
    title: string
    description: string
    canonical: string
    image?: string
    ogType: 'restaurant.restaurant'
    jsonLd: Record<string, unknown>
    theme: ReturnType<typeof resolveTheme>
  }
}

export async function loadDetailsView(slug: string): Promise<DetailsView> {
  const [restaurant, site] = await Promise.all([loadRestaurant(slug), loadSiteConfig()])
  const firstType = restaurant.orderTypes[0]
  const menu: MenuResponse | null = firstType ? await loadCustomerMenu(restaurant.id, firstType.code) : null
  const canonical = `${site.siteUrl}/${restaurant.merchantType}/${restaurant.locationSlug}/details`
  const name = restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName}, ${restaurant.branchName}`
  const cover = restaurant.cover?.url
  return {
    restaurant,
    tileUrl: site.tileUrl,
    seo: {
      title: `${name} — menu, hours and ordering | Tablefront`,
      description:
        `${restaurant.cuisine.join(', ')} in ${restaurant.city}. ${restaurant.aboutUs}`.slice(0, 155).trim() ||
        `${name} in ${restaurant.city}: menu, opening hours and online ordering.`,
      canonical,
      image: cover ? `${site.siteUrl}${cover}` : undefined,
      ogType: 'restaurant.restaurant',
      jsonLd: restaurantJsonLd(restaurant, menu, canonical, site.siteUrl),
      theme: resolveTheme(restaurant),
    },
  }
}
