import { useStore } from '@nanostores/react'
import type { ReactNode } from 'react'
import type { TableLookupResponse } from '@/shared/api'
import { LoadGate } from '@/shared/ui'
import { $tableRequest, resolveTable, TABLE_NOT_FOUND, TABLE_NOT_FOUND_HELP } from '../model/table'

/** Resolves the table of a scanned QR code, then shows the screen for it (or how to go on without it). */
export function ScannedTableGate({ tableId, children }: { tableId: string; children: (lookup: TableLookupResponse) => ReactNode }) {
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
      {children}
    </LoadGate>
  )
}
