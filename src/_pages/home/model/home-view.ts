import { hasBuildData, loadAllLocations, loadCities, loadSiteConfig, type LocationSummary } from '@/shared/api'

export type SeoProps = { title: string; description: string; canonical: string; image?: string }

/** The static home page's data, or null when the build has no data and serves the app shell. */
export async function loadHomeView(path = '/'): Promise<{ seo: SeoProps; restaurants: LocationSummary[] } | null> {
  if (!hasBuildData()) return null
  const [restaurants, cities, site] = await Promise.all([loadAllLocations(), loadCities(), loadSiteConfig()])
  const cityNames = cities.map((city) => city.name)
  const where = cityNames.length > 1 ? `${cityNames.slice(0, -1).join(', ')} and ${cityNames.at(-1)}` : (cityNames[0] ?? 'your city')
  return {
    restaurants,
    seo: {
      title: `Restaurants in ${where} — order, reserve and skip the queue | Tablefront`,
      description: `Menus, opening hours and online ordering for ${restaurants.length} restaurants in ${where}: pickup, delivery, dine-in, waitlist and table reservations.`,
      canonical: `${site.siteUrl}${path === '/homepage' ? '/' : path}`,
    },
  }
}
