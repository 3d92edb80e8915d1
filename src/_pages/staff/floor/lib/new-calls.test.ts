import { describe, expect, it } from 'vitest'
import type { FloorCall } from '@/shared/api'
import { arrivedCalls } from './new-calls'

const call = (id: string, status: FloorCall['status'] = 'Open'): FloorCall => ({
  id,
  tableId: `table-${id}`,
  tableName: `T${id}`,
  orderId: null,
  reason: null,
  status,
  createdAt: '2030-03-01T19:00:00.000Z',
  ageSeconds: 0,
  acknowledgedAt: null,
  acknowledgedBy: null,
  doneAt: null,
})

describe('the new-call alert', () => {
  it('names nothing on the first board, then only open calls it has not seen', () => {
    expect(arrivedCalls(null, [call('1')])).toEqual([])
    expect(arrivedCalls(new Set(['1']), [call('1'), call('2'), call('3', 'Acknowledged')])).toEqual(['2'])
  })
})
