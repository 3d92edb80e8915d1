import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import { $tableRequest, resolveTable, TABLE_NOT_FOUND, TABLE_NOT_FOUND_HELP } from '@/entities/menu'
import { RestaurantGate } from '@/entities/restaurant'
import type { RestaurantDetail, TableLookupResponse } from '@/shared/api'
import { LoadGate } from '@/shared/ui'

type TableGateProps = { tableId: string; children: (table: TableLookupResponse, restaurant: RestaurantDetail) => ReactNode }

/** Resolves the table of a QR code, then its restaurant; a table that is not found says so with a way on. */
export function TableGate({ tableId, children }: TableGateProps) {
  const request = useStore($tableRequest)
  return (
    <LoadGate
      value={request.data?.table.id === tableId ? request.data : undefined}
      request={request}
      load={() => resolveTable(tableId)}
      loadKey={tableId}
      loadingLabel="Finding your table"
      failedMessage="Your table could not be loaded."
      notFound={{ error: TABLE_NOT_FOUND, message: TABLE_NOT_FOUND_HELP, retry: true }}
    >
      {(lookup) => (
        <RestaurantGate slug={lookup.locationSlug} loadingLabel="Loading the restaurant">
          {(restaurant) => children(lookup, restaurant)}
        </RestaurantGate>
      )}
    </LoadGate>
  )
}

/** The restaurant's dine-in order type code (typeGroup D), or its first type when it has none. */
export const dineInCode = (restaurant: RestaurantDetail) =>
  (restaurant.orderTypes.find((type) => type.typeGroup === 'D') ?? restaurant.orderTypes[0])?.code ?? 'dinein'

export const restaurantName = (restaurant: { merchantName: string; branchName: string }) =>
  restaurant.branchName === restaurant.merchantName ? restaurant.merchantName : `${restaurant.merchantName}, ${restaurant.branchName}`
