import type { ReactNode } from 'react'
import type { Reservation } from '@/shared/api'
import { describeParty, formatSlotTime, STATUS_LABELS } from '../lib/format'
import css from './Reservation.module.css'

type ReservationCardProps = {
  reservation: Reservation
  /** The heading level of the restaurant's name. */
  headingLevel?: 2 | 3
  showPolicy?: boolean
  children?: ReactNode
}

/** A check-in or reservation at a glance: restaurant, when (on its clock), party, table, status and policy. */
export function ReservationCard({ reservation, headingLevel = 2, showPolicy = false, children }: ReservationCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const checkIn = reservation.kind === 'CHECKIN'
  const seat = [reservation.sectionName, reservation.tableName && `Table ${reservation.tableName}`].filter(Boolean).join(', ')
  return (
    <section className={css.card} aria-label={checkIn ? 'Your check-in' : 'Your reservation'}>
      <div>
        <Heading className={css.heading}>{reservation.merchantName}</Heading>
        {reservation.branchName !== reservation.merchantName && <p className={css.branch}>{reservation.branchName}</p>}
      </div>
      <dl className={css.facts}>
        <dt>{checkIn ? 'Checked in' : 'When'}</dt>
        <dd data-testid="reservation-when">
          {checkIn ? formatSlotTime(reservation.createdAt, reservation.timeZone) : reservation.slotStart ? formatSlotTime(reservation.slotStart, reservation.timeZone) : `${reservation.reservationDate} ${reservation.reservationSlot}`}
        </dd>
        <dt>Party</dt>
        <dd>{describeParty(reservation)}</dd>
        {seat && (
          <>
            <dt>Table</dt>
            <dd>{seat}</dd>
          </>
        )}
        <dt>Name</dt>
        <dd>{reservation.fullName}</dd>
        <dt>Status</dt>
        <dd>
          <span className={css.status} data-status={reservation.status} data-testid="reservation-status">
            {STATUS_LABELS[reservation.status]}
          </span>
        </dd>
        {reservation.cancelReason && (
          <>
            <dt>Reason</dt>
            <dd>{reservation.cancelReason}</dd>
          </>
        )}
        {reservation.notes && (
          <>
            <dt>Notes</dt>
            <dd>{reservation.notes}</dd>
          </>
        )}
      </dl>
      {showPolicy && reservation.cancellationPolicy && (
        <p className={css.policy}>
          <strong>Cancellation policy:</strong> {reservation.cancellationPolicy}
        </p>
      )}
      {children}
    </section>
  )
}
