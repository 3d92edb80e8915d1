// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiRefusal, type TableLookupResponse } from '@/shared/api'
import { $persistedRoot, updatePersistedRoot } from '@/shared/model'

const fetchTable = vi.fn<(tableId: string) => Promise<TableLookupResponse>>()
vi.mock('../api/table-api', () => ({ fetchTable: (tableId: string) => fetchTable(tableId) }))

const { $tableRequest, resolveTable, TABLE_NOT_FOUND } = await import('./table')

const lookup = (id: string): TableLookupResponse => ({
  table: { id, name: 'T4', capacity: 4, sectionName: 'Dining room' },
  locationId: 'loc-1',
  locationSlug: 'olive-tree-soma',
  merchantType: 'restaurant',
})

beforeEach(() => {
  fetchTable.mockReset()
  fetchTable.mockImplementation(async (id) => lookup(id))
  updatePersistedRoot({ tableId: null })
})

describe('resolveTable', () => {
  it('resolves a table to its restaurant and keeps its id in the persisted root', async () => {
    const found = await resolveTable('table-a')
    expect(found?.locationSlug).toBe('olive-tree-soma')
    expect($persistedRoot.get().tableId).toBe('table-a')
    await resolveTable('table-a')
    expect(fetchTable).toHaveBeenCalledTimes(1)
  })

  it('asks again for another table', async () => {
    await resolveTable('table-a')
    await resolveTable('table-b')
    expect(fetchTable).toHaveBeenLastCalledWith('table-b')
    expect($tableRequest.get().data?.table.id).toBe('table-b')
  })

  it('says a table is not found for 404 and 400, and "Please Try Again" otherwise, keeping the old tableId', async () => {
    updatePersistedRoot({ tableId: 'kept' })
    fetchTable.mockRejectedValueOnce(Object.assign(new Error('Not Found'), { status: 404 }))
    await resolveTable('gone')
    expect($tableRequest.get()).toMatchObject({ loading: false, error: TABLE_NOT_FOUND })
    fetchTable.mockRejectedValueOnce(new ApiRefusal({ status: 400, code: 'invalid_request', message: 'Invalid request: tableId must be a table id.' }))
    await resolveTable('T4')
    expect($tableRequest.get().error).toBe(TABLE_NOT_FOUND)
    fetchTable.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await resolveTable('table-c')
    expect($tableRequest.get().error).toBe('Please Try Again')
    expect($persistedRoot.get().tableId).toBe('kept')
  })
})
