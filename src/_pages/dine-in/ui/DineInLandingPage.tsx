import { useStore } from '@nanostores/react'
import { $session } from '@/entities/session'
import { $openTab } from '@/entities/table-order'
import { CallWaiterButton } from '@/features/call-waiter'
import type { RestaurantDetail, TableLookupResponse } from '@/shared/api'
import { pathTo } from '@/shared/routes'
import { SiteHeader } from '@/widgets/site-header'
import { dineInCode, restaurantName, TableGate } from './TableGate'
import css from './DineIn.module.css'

/** /table/{tableId}/menu/{menuType}/contactlessdinein/landing: the contactless dine-in welcome at the table. */
export function DineInLandingPage({ params }: { params: Record<string, string> }) {
  const tableId = params.tableId ?? ''
  return (
    <TableGate tableId={tableId}>
      {(table, restaurant) => <Landing table={table} restaurant={restaurant} menuType={params.menuType || dineInCode(restaurant)} />}
    </TableGate>
  )
}

function Landing({ table, restaurant, menuType }: { table: TableLookupResponse; restaurant: RestaurantDetail; menuType: string }) {
  const session = useStore($session)
  const tab = useStore($openTab)
  const tableId = table.table.id
  const openOrderId = tab?.tableId === tableId ? tab.orderId : null
  return (
    <>
      <SiteHeader />
      <main className={css.page} id="main">
        <section className={css.welcome} aria-labelledby="landing-title">
          <p className={css.kicker}>Welcome to</p>
          <h1 id="landing-title" className={css.title}>
            {restaurantName(restaurant)}
          </h1>
          <p className={css.table} data-testid="table-name">
            Table {table.table.name}
            <span className={css.muted}> · {table.table.sectionName}</span>
          </p>
          <p className={css.lead}>Order from your phone and we will bring it to your table. You pay at the end, together or split.</p>
          <div className={css.actions}>
            <a className="button" href={pathTo('tableMenu', { tableId, menuType })}>
              Start your order
            </a>
            {openOrderId && (
              <a
                className="button button--secondary"
                href={pathTo('tableOrder', { merchantType: table.merchantType, restaurantSlug: table.locationSlug, tableId, orderId: openOrderId })}
              >
                See your order
              </a>
            )}
          </div>
          <CallWaiterButton tableId={tableId} orderId={openOrderId ?? undefined} signedIn={session.status === 'signedIn'} />
        </section>
      </main>
    </>
  )
}
