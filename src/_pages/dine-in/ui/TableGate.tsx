import type { ReactNode } from 'react'
import { ScannedTableGate } from '@/entities/table'
import { RestaurantGate } from '@/entities/restaurant'
import type { RestaurantDetail, TableLookupResponse } from '@/shared/api'

type TableGateProps = { tableId: string; children: (table: TableLookupResponse, restaurant: RestaurantDetail) => ReactNode }

/** Resolves the table of a QR code, then its restaurant; a table that is not found says so with a way on. */
export function TableGate({ tableId, children }: TableGateProps) {
  return (
    <ScannedTableGate tableId={tableId}>
      {(lookup) => (
        <RestaurantGate slug={lookup.locationSlug} loadingLabel="Loading the restaurant">
          {(restaurant) => children(lookup, restaurant)}
        </RestaurantGate>
      )}
    </ScannedTableGate>
  )
}

/** The restaurant's dine-in order type code (typeGroup D), or its first type when it has none. */
export const dineInCode = (restaurant: RestaurantDetail) =>
  (restaurant.orderTypes.find((type) => type.typeGroup === 'D') ?? restaurant.orderTypes[0])?.code ?? 'dinein'

export const restaurantName = (restaurant: { merchantName: string; branchName: string }) =>
  restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName}, ${restaurant.branchName}`
