import { ApiRefusal, type TableLookupResponse } from '@/shared/api'
import { createRequestState } from '@/shared/lib/request'
import { updatePersistedRoot } from '@/shared/model'
import { fetchTable } from '../api/table-api'

const tableRequest = createRequestState<TableLookupResponse>()

/** The table of the QR code the diner scanned, resolved to its restaurant. */
export const $tableRequest = tableRequest.$state

export const TABLE_NOT_FOUND = 'We could not find this table'
/** What a diner at an unknown table can do. */
export const TABLE_NOT_FOUND_HELP = 'Please ask a member of staff for help: the code at your table may be out of date.'

const tableFailure = (error: unknown) => {
  const status = error instanceof ApiRefusal ? error.status : (error as { status?: number } | null)?.status
  return status === 404 || status === 400 ? TABLE_NOT_FOUND : 'Please Try Again'
}

/** Resolves a table id (once per id) and keeps it in the persisted root. */
export async function resolveTable(tableId: string): Promise<TableLookupResponse | undefined> {
  const state = tableRequest.$state.get()
  if (state.data?.table.id === tableId && state.success) {
    updatePersistedRoot({ tableId })
    return state.data
  }
  if (state.data && state.data.table.id !== tableId) tableRequest.reset()
  const found = await tableRequest.run(() => fetchTable(tableId), tableFailure)
  if (found) updatePersistedRoot({ tableId })
  return found
}
