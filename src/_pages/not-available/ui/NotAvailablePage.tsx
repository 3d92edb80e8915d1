import { StatusScreen } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'

/** An honest screen for a route whose feature has not shipped yet. */
export function NotAvailablePage({ feature }: { feature: string }) {
  return (
    <>
      <SiteHeader />
      <StatusScreen title="Not available yet" message={`${feature} is not available in this version of Tablefront yet.`}>
        <a className="button" href="/">
          Browse restaurants
        </a>
      </StatusScreen>
    </>
  )
}
