import { hasBuildData, loadAllLocations, loadCities, loadSiteConfig, type City, type LocationSummary } from '@/shared/api'

export type CityView = {
  city: City
  restaurants: LocationSummary[]
  seo: { title: string; description: string; canonical: string }
}

/** One static page per city, under its slug; other spellings are served by the app screen. */
export async function cityStaticPaths() {
  if (!hasBuildData()) return []
  const cities = await loadCities()
  return cities.map((city) => ({ params: { cityName: city.slug } }))
}

export async function loadCityView(slug: string): Promise<CityView> {
  const [cities, locations, site] = await Promise.all([loadCities(), loadAllLocations(), loadSiteConfig()])
  const city = cities.find((candidate) => candidate.slug === slug)
  if (!city) throw new Error(`No city ${slug}`)
  const restaurants = locations.filter((location) => location.city === city.name)
  const cuisines = [...new Set(restaurants.flatMap((r) => r.cuisine))].slice(0, 6)
  return {
    city,
    restaurants,
    seo: {
      title: `Restaurants in ${city.name} — menus, hours and online ordering | Tablefront`,
      description: `${restaurants.length} restaurants in ${city.name}${cuisines.length ? ` (${cuisines.join(', ')})` : ''}: order for pickup or delivery, join the waitlist or book a table.`,
      canonical: `${site.siteUrl}/restaurants/city/${city.slug}`,
    },
  }
}
