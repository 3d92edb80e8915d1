import { useStore } from '@nanostores/react'
import { useEffect } from 'react'
import { $tableRequest, resolveTable } from '@/entities/table'
import { rememberCheckInTable } from '@/entities/reservation'
import { $currentRestaurant, RestaurantGate } from '@/entities/restaurant'
import { $router } from '@/shared/routes'
import { Skeleton, StatusScreen } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import { RestaurantChooser } from './RestaurantChooser'
import { WaitlistScreen, type WaitlistTabName } from './WaitlistScreen'

/** /checkin, /Reservation (one screen, two tabs: docs/reservations.md, "In the app") and /table/{tableId}/checkin. */
export function WaitlistPage({ params }: { params: Record<string, string> }) {
  const page = useStore($router)
  const current = useStore($currentRestaurant)
  const table = useStore($tableRequest)
  const tab: WaitlistTabName = page?.route === 'reservation' ? 'reserve' : 'waitlist'
  const tableId = page?.route === 'tableCheckIn' ? params.tableId : undefined
  const asked = page?.search.restaurant

  useEffect(() => {
    if (!tableId) return
    rememberCheckInTable(tableId)
    void resolveTable(tableId)
  }, [tableId])

  const tableSlug = tableId && table.data?.table.id === tableId ? table.data.locationSlug : undefined
  const slug = asked || tableSlug || (tableId ? undefined : current?.locationSlug)

  useEffect(() => {
    document.title = `${tab === 'reserve' ? 'Reserve a table' : 'Join the waitlist'} | Tablefront`
  }, [tab])

  if (tableId && !slug) {
    return (
      <>
        <SiteHeader />
        {table.error && !table.loading ? (
          <StatusScreen title={table.error} message="This table's code could not be read.">
            <button type="button" className="button" onClick={() => void resolveTable(tableId)}>
              Retry
            </button>
          </StatusScreen>
        ) : (
          <Skeleton label="Finding the restaurant of this table" />
        )}
      </>
    )
  }

  return (
    <>
      <SiteHeader />
      {slug ? (
        <RestaurantGate slug={slug} loadingLabel="Loading the restaurant">
          {(restaurant) => <WaitlistScreen restaurant={restaurant} tab={tab} />}
        </RestaurantGate>
      ) : (
        <RestaurantChooser tab={tab} />
      )}
    </>
  )
}
