import { hasBuildData, loadAllLocations, loadCities, loadSiteConfig } from '@/shared/api'

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!)

/** The public origin the static pages were built for (SITE_URL). */
async function siteUrl(): Promise<string> {
  if (hasBuildData()) return (await loadSiteConfig()).siteUrl
  return process.env.SITE_URL ?? 'http://localhost:4321'
}

/** sitemap.xml: the home, landing, city and restaurant-details pages. */
export async function renderSitemap(): Promise<string> {
  const origin = await siteUrl()
  const paths = ['/', '/landing']
  if (hasBuildData()) {
    const [cities, locations] = await Promise.all([loadCities(), loadAllLocations()])
    paths.push(...cities.map((city) => `/restaurants/city/${city.slug}`))
    paths.push(...locations.map((location) => `/${location.merchantType}/${location.locationSlug}/details`))
  }
  const urls = paths.map((path) => `  <url><loc>${escapeXml(origin + path)}</loc></url>`).join('\n')
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`
}

export async function renderRobots(): Promise<string> {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${await siteUrl()}/sitemap.xml\n`
}
