import { api, isErrorBody } from '@/shared/api'
import type { TableLookupResponse } from '@/shared/api'

export class TableLookupError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
  }
}

/** Which restaurant and table a QR code's table id belongs to. */
export async function fetchTable(tableId: string): Promise<TableLookupResponse> {
  const result = await api.post<TableLookupResponse>('/merchants/tables/v2', { tableId }, { encrypted: true })
  if (isErrorBody(result)) throw new TableLookupError(result.message, result.status)
  return result
}
