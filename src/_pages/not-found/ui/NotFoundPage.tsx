import { StatusScreen } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'

export function NotFoundPage() {
  return (
    <>
      <SiteHeader />
      <StatusScreen title="Page not found" message="The page you were looking for does not exist or has moved." illustration="/default-logo.svg">
        <a className="button" href="/">
          Browse restaurants
        </a>
      </StatusScreen>
    </>
  )
}
