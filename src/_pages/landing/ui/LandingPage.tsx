import { useEffect, useState } from 'react'
import { call, type City } from '@/shared/api'
import { SiteHeader } from '@/widgets/site-header'
import { LandingContent } from './LandingContent'

/** The landing page in the app, when reached by an in-app link. */
export function LandingPage() {
  const [cities, setCities] = useState<City[]>([])
  useEffect(() => {
    call('GET /cities', {})
      .then(setCities)
      .catch(() => setCities([]))
  }, [])
  return (
    <>
      <SiteHeader />
      <LandingContent cities={cities} />
    </>
  )
}
