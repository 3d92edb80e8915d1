import { useStore } from '@nanostores/react'
import { useEffect, type ReactNode } from 'react'
import { $tableRequest, resolveTable, TABLE_NOT_FOUND } from '@/entities/menu'
import { RestaurantGate } from '@/entities/restaurant'
import type { RestaurantDetail, TableLookupResponse } from '@/shared/api'
import { Skeleton, StatusScreen } from '@/shared/ui'

type TableGateProps = { tableId: string; children: (table: TableLookupResponse, restaurant: RestaurantDetail) => ReactNode }

/** Resolves the table of a QR code, then its restaurant; a table that is not found says so with a way on. */
export function TableGate({ tableId, children }: TableGateProps) {
  const request = useStore($tableRequest)
  useEffect(() => {
    void resolveTable(tableId)
  }, [tableId])
  const lookup = request.data?.table.id === tableId ? request.data : undefined

  if (!lookup && request.error && !request.loading) {
    return (
      <StatusScreen
        title={request.error}
        message={request.error === TABLE_NOT_FOUND ? 'Please ask a member of staff for help: the code at your table may be out of date.' : 'Your table could not be loaded.'}
      >
        <button type="button" className="button" onClick={() => void resolveTable(tableId)}>
          Retry
        </button>
        <a className="button button--secondary" href="/">
          All restaurants
        </a>
      </StatusScreen>
    )
  }
  if (!lookup) return <Skeleton label="Finding your table" />
  return (
    <RestaurantGate slug={lookup.locationSlug} loadingLabel="Loading the restaurant">
      {(restaurant) => children(lookup, restaurant)}
    </RestaurantGate>
  )
}

/** The restaurant's dine-in order type code (typeGroup D), or its first type when it has none. */
export const dineInCode = (restaurant: RestaurantDetail) =>
  (restaurant.orderTypes.find((type) => type.typeGroup === 'D') ?? restaurant.orderTypes[0])?.code ?? 'dinein'

export const restaurantName = (restaurant: { merchantName: string; branchName: string }) =>
  restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName}, ${restaurant.branchName}`
