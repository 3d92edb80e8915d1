import { hasBuildData, loadCities, loadSiteConfig, type City } from '@/shared/api'

export async function loadLandingView(): Promise<{ cities: City[]; canonical?: string }> {
  if (!hasBuildData()) return { cities: [] }
  const [cities, site] = await Promise.all([loadCities(), loadSiteConfig()])
  return { cities, canonical: `${site.siteUrl}/landing` }
}
