import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { cancelReservationRequest, Reservation } from '@/shared/api/contracts/reservations'
import type { Transaction } from '../../db/executor'
import { reservations } from '../../db/schema'
import type { Caller } from '../../domain/caller'
import { notFound, refuse } from '../../lib/errors'
import type { SmsProvider } from '../../providers/sms'
import { loadOwned, notifyQueue, present } from './reservation'
import { kindWord } from './rules'
import { releaseHolds } from './table-holds'

/** PUT /customer/cancel-table?user=customer (and the host stand's cancel, with its `cancelCode`): Cancelled with the reason, the table freed, the diner texted. */
export async function cancel(
  tx: Transaction,
  sms: SmsProvider,
  caller: Caller,
  request: z.output<typeof cancelReservationRequest> & { cancelCode?: string },
  now = new Date(),
): Promise<Reservation> {
  const row = await loadOwned(tx, caller, request.reservationId, { lock: true })
  if (row.locationId !== request.locationId) throw notFound('The reservation')
  if (row.status !== 'Active') throw refuse(409, 'not_active', `This ${kindWord(row)} is already ${row.status === 'NoShow' ? 'closed' : row.status.toLowerCase()}.`)
  const [cancelled] = await tx
    .update(reservations)
    .set({ status: 'Cancelled', cancelReason: request.cancelReason, cancelCode: request.cancelCode ?? null, cancelledAt: now, updatedAt: now })
    .where(eq(reservations.id, row.id))
    .returning()
  await releaseHolds(tx, row.id)
  await notifyQueue(tx, row.locationId)
  const reservation = await present(tx, cancelled!, now)
  await sms.send(
    row.phone,
    `Your ${row.kind === 'CHECKIN' ? 'place on the waitlist' : 'reservation'} at ${reservation.branchName} is cancelled. We hope to see you another time.`,
  )
  return reservation
}
