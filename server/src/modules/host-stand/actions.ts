import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import { HOST_CANCEL_REASONS, type HostParty, type hostCancelRequest, type phoneReservationRequest, type walkInRequest } from '@/shared/api/contracts/host-stand'
import type { Transaction } from '../../db/executor'
import { reservations } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import type { SmsProvider } from '../../providers/sms'
import { book } from '../reservations/book'
import { cancel } from '../reservations/cancel'
import { moveParty, seatParty } from '../reservations/host-status'
import { notifyQueue } from '../reservations/reservation'
import type { HostStatus, ReservationRow } from '../reservations/rules'
import { readHostParty } from './board'

/* The host stand's moves (docs/host-stand.md): each is the reservations module's own use case, answered as a timeline row. */

/** Texts nobody: a walk-in seated at once is standing at the host stand. */
const noTexts: SmsProvider = { name: 'none', send: async () => {} }

const rowOf = async (tx: Transaction, reservationId: string): Promise<ReservationRow> =>
  (await tx.select().from(reservations).where(eq(reservations.id, reservationId)))[0]!

/** Seat (at `tableId` or the best free table), complete or no-show; the location's streams wake on commit. */
export async function hostMove(tx: Transaction, caller: Caller, reservationId: string, status: HostStatus, now: Date, tableId?: string): Promise<HostParty> {
  return readHostParty(tx, await moveParty(tx, caller, reservationId, status, now, tableId), now)
}

/** Cancel with a reason of the fixed list and an optional note (`other` needs one); the diner is texted as for their own cancel. */
export async function hostCancel(
  tx: Transaction,
  sms: SmsProvider,
  caller: Caller,
  reservationId: string,
  request: z.output<typeof hostCancelRequest>,
  now: Date,
): Promise<HostParty> {
  const cancelReason = request.note ?? HOST_CANCEL_REASONS[request.reason]
  const cancelled = await cancel(tx, sms, caller, { locationId: caller.staff!.locationId, reservationId, cancelReason, cancelCode: request.reason }, now)
  return readHostParty(tx, await rowOf(tx, cancelled.reservationId), now)
}

/**
 * A walk-in (docs/host-stand.md "Walk-ins"): a staff check-in on the waitlist (texted its place),
 * or, with `seatNow`, the same check-in seated at once at `tableId` or the best free table, in one
 * transaction so a refused seating leaves no one on the waitlist.
 */
export async function addWalkIn(tx: Transaction, sms: SmsProvider, caller: Caller, request: z.output<typeof walkInRequest>, now: Date): Promise<HostParty> {
  const booked = await book(
    tx,
    request.seatNow ? noTexts : sms,
    caller,
    {
      fullName: request.fullName ?? 'Walk-in',
      mobile: request.mobile ?? '',
      guestCount: request.guestCount,
      kidzSize: request.kidzSize,
      highChair: 0,
      sectionId: request.sectionId,
      notes: request.notes,
    },
    now,
  )
  let row = await rowOf(tx, booked.reservationId)
  if (request.seatNow) {
    await seatParty(tx, row, now, request.tableId)
    // Seated on arrival: nobody was quoted a wait.
    await tx.update(reservations).set({ quotedWaitMinutes: null }).where(eq(reservations.id, row.id))
    await notifyQueue(tx, row.locationId)
    row = await rowOf(tx, row.id)
  }
  return readHostParty(tx, row, now)
}

/** A reservation taken on the phone: the staff booking of docs/reservations.md "Host and staff", texted its confirmation. */
export async function takePhoneReservation(
  tx: Transaction,
  sms: SmsProvider,
  caller: Caller,
  request: z.output<typeof phoneReservationRequest>,
  now: Date,
): Promise<HostParty> {
  const booked = await book(tx, sms, caller, request, now)
  return readHostParty(tx, await rowOf(tx, booked.reservationId), now)
}
