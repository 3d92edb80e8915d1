import { describe, expect, it } from 'vitest'
import type { HostParty } from '@/shared/api'
import { duration, inFilter, statusWord, timeLine } from './format'

const party = (over: Partial<HostParty>): HostParty => ({
  reservationId: '00000000-0000-4000-8000-000000000001',
  kind: 'CHECKIN',
  status: 'Active',
  fullName: 'Ana',
  phone: '+14155550100',
  guestCount: 2,
  kids: 0,
  highChairs: 0,
  time: '2030-06-12T16:00:00.000Z',
  reservationSlot: null,
  late: false,
  quotedWaitMinutes: 15,
  waitedMinutes: 22,
  queuePosition: 1,
  estimatedWaitMinutes: 5,
  requestedSectionName: null,
  tableId: null,
  tableName: null,
  seatedAt: null,
  completedAt: null,
  notes: null,
  cancelCode: null,
  cancelReason: null,
  channel: 'ONLINE',
  ...over,
})

describe('the host stand’s words', () => {
  it('a waiting check-in reads its wait against its quote; a reservation its slot, Booked or Late', () => {
    expect(timeLine(party({}), 'America/New_York')).toBe('#1 · waiting 22 min (quoted 15 min)')
    expect(timeLine(party({ kind: 'RESERVATION', reservationSlot: '19:30' }), 'America/New_York')).toBe('Reservation 19:30')
    expect(statusWord(party({ kind: 'RESERVATION' }))).toBe('Booked')
    expect(statusWord(party({ kind: 'RESERVATION', late: true }))).toBe('Late')
    expect(duration(65)).toBe('1 h 05')
  })

  it('each filter shows its parties only', () => {
    expect(inFilter(party({}), 'waitlist')).toBe(true)
    expect(inFilter(party({ kind: 'RESERVATION' }), 'waitlist')).toBe(false)
    expect(inFilter(party({ status: 'Seated' }), 'seated')).toBe(true)
    expect(inFilter(party({ status: 'NoShow' }), 'done')).toBe(true)
  })
})
