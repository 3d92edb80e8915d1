import { useEffect, useState } from 'react'
import { api, isErrorBody, type City } from '@/shared/api'
import { SiteHeader } from '@/widgets/site-header'
import { LandingContent } from './LandingContent'

/** The landing page in the app, when reached by an in-app link. */
export function LandingPage() {
  const [cities, setCities] = useState<City[]>([])
  useEffect(() => {
    api
      .get<City[]>('/cities')
      .then((result) => !isErrorBody(result) && setCities(result))
      .catch(() => setCities([]))
  }, [])
  return (
    <>
      <SiteHeader />
      <LandingContent cities={cities} />
    </>
  )
}
