import { useEffect } from 'react'
import type { RestaurantDetail } from '@/shared/api'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { pathTo, redirectToPath } from '@/shared/routes'
import { Skeleton } from '@/shared/ui'
import { dineInCode, TableGate } from './TableGate'

/** /table/{tableId}: the QR code at a table; keeps the table (check-in table id, persisted tableId) and opens the dine-in landing. */
export function TablePage({ params }: { params: Record<string, string> }) {
  const tableId = params.tableId ?? ''
  return <TableGate tableId={tableId}>{(_, restaurant) => <ToLanding tableId={tableId} restaurant={restaurant} />}</TableGate>
}

function ToLanding({ tableId, restaurant }: { tableId: string; restaurant: RestaurantDetail }) {
  useEffect(() => {
    secureStorage.set(STORAGE_KEYS.checkInTableId, tableId)
    redirectToPath(pathTo('dineInLanding', { tableId, menuType: dineInCode(restaurant) }))
  }, [tableId, restaurant])
  return <Skeleton label="Opening your table" />
}
