import type { MenuResponse, RestaurantDetail } from '@/shared/api'
import { WEEKDAYS } from '@/shared/lib/hours'
import { minorToMajor } from '@/shared/lib/money'

const price = (minor: number, currency: string) => minorToMajor(minor, currency).toFixed(2)

/** schema.org Restaurant for search engines, with opening hours and the menu (issue 3). */
export function restaurantJsonLd(restaurant: RestaurantDetail, menu: MenuResponse | null, pageUrl: string, origin: string) {
  const image = restaurant.cover?.url ?? restaurant.media.find((m) => m.entityType === 'META')?.url
  const shown = menu ? menu.items.filter((item) => item.display === 1) : []
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': pageUrl,
    url: pageUrl,
    name: restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName} — ${restaurant.branchName}`,
    description: restaurant.aboutUs || undefined,
    image: image ? `${origin}${image}` : undefined,
    logo: restaurant.logo ? `${origin}${restaurant.logo.url}` : undefined,
    telephone: restaurant.phoneNumber,
    address: {
      '@type': 'PostalAddress',
      streetAddress: restaurant.address,
      addressLocality: restaurant.city,
      addressRegion: restaurant.state || undefined,
      postalCode: restaurant.postalCode || undefined,
      addressCountry: restaurant.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: restaurant.lat, longitude: restaurant.lng },
    servesCuisine: restaurant.cuisine,
    acceptsReservations: restaurant.dining && !restaurant.disabledServices?.isReservation,
    currenciesAccepted: restaurant.currency,
    paymentAccepted: restaurant.cards.join(', ') || undefined,
    aggregateRating:
      restaurant.ratingCount > 0
        ? { '@type': 'AggregateRating', ratingValue: restaurant.rating, reviewCount: restaurant.ratingCount, bestRating: 5 }
        : undefined,
    openingHoursSpecification: restaurant.workingHours.map((session) => ({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: `https://schema.org/${WEEKDAYS[session.day]}`,
      opens: session.opensAt,
      // schema.org reads 00:00–23:59 as all day; a close before the open runs past midnight.
      closes: session.opensAt === session.closesAt ? '23:59' : session.closesAt,
    })),
    hasMenu: menu
      ? {
          '@type': 'Menu',
          name: `${restaurant.merchantName} menu`,
          inLanguage: 'en',
          hasMenuSection: menu.categories
            .map((category) => ({
              '@type': 'MenuSection',
              name: category.name,
              description: category.description || undefined,
              hasMenuItem: shown
                .filter((item) => item.categoryId === category.id)
                .map((item) => ({
                  '@type': 'MenuItem',
                  name: item.name,
                  description: item.description || undefined,
                  suitableForDiet: item.itemType === 'Veg' ? 'https://schema.org/VegetarianDiet' : undefined,
                  offers: {
                    '@type': 'Offer',
                    price: price(item.price, menu.currency),
                    priceCurrency: menu.currency,
                    availability: item.stockQuantity === 0 ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
                  },
                })),
            }))
            .filter((section) => section.hasMenuItem.length > 0),
        }
      : undefined,
  }
}
