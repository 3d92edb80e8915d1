import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react'
import { useMemo, useState } from 'react'
import type { HostParty } from '@/shared/api'
import { showToast } from '@/shared/ui'
import type { HostApi } from '../api/host-api'
import type { TimelineFilter } from '../lib/format'
import { useHostBoard, useWideScreen, type FollowBoard } from '../model/use-host-board'
import { CancelDialog } from './CancelDialog'
import { refusalText } from './FormDialog'
import css from './HostPage.module.css'
import { PhoneReservationDialog } from './PhoneReservationDialog'
import { SeatDialog } from './SeatDialog'
import { TableMap } from './TableMap'
import { Timeline, type PartyAction } from './Timeline'
import { WalkInDialog } from './WalkInDialog'

/** The dialog open over the stand, if any. */
export type HostDialog = { kind: 'seat' | 'cancel'; party: HostParty } | { kind: 'walk-in' } | { kind: 'phone' } | null

/** The header's buttons (in the staff shell's title row). */
export function HostActions({ onOpen }: { onOpen: (dialog: HostDialog) => void }) {
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => onOpen({ kind: 'phone' })}>
        Phone reservation
      </button>
      <button type="button" className="button" onClick={() => onOpen({ kind: 'walk-in' })}>
        Add walk-in
      </button>
    </>
  )
}

/**
 * The host stand (docs/host-stand.md): today's timeline beside the table map on a tablet, a tab
 * switch between them on a phone; seat, done, no-show and cancel from each row; walk-ins and phone
 * reservations from the header. Live: the board comes again on every change.
 */
export function HostScreen({ api, follow, open, setOpen }: { api: HostApi; follow?: FollowBoard; open: HostDialog; setOpen: (dialog: HostDialog) => void }) {
  const { board, failed, refresh } = useHostBoard(api, follow)
  const wide = useWideScreen()
  const [filter, setFilter] = useState<TimelineFilter>('waitlist')
  const sections = useMemo(() => board?.sections.map(({ id, name }) => ({ id, name })) ?? [], [board?.sections])

  if (!board) {
    return (
      <div className={css.loading} role="status">
        {failed ? (
          <>
            <p>The host stand could not be loaded.</p>
            <button type="button" className="button" onClick={() => void refresh()}>
              Try again
            </button>
          </>
        ) : (
          <p>Loading the floor…</p>
        )}
      </div>
    )
  }

  const close = () => setOpen(null)
  const done = (message: string) => {
    close()
    showToast(message)
    void refresh()
  }
  const act = async (action: PartyAction, party: HostParty) => {
    if (action === 'seat' || action === 'cancel') return setOpen({ kind: action, party })
    try {
      if (action === 'complete') await api.complete(party.reservationId)
      else await api.noShow(party.reservationId)
      done(action === 'complete' ? `${party.fullName} is done; ${party.tableName ?? 'the table'} is free.` : `${party.fullName} marked a no-show.`)
    } catch (refused) {
      showToast(refusalText(refused), { tone: 'error' })
    }
  }

  const timeline = <Timeline parties={board.parties} timeZone={board.timeZone} now={board.now} filter={filter} onFilter={setFilter} onAction={act} />
  const map = <TableMap board={board} />
  const waiting = board.parties.filter((party) => party.kind === 'CHECKIN' && party.status === 'Active').length
  const seated = board.sections.flatMap((section) => section.tables).filter((table) => table.state === 'seated').length
  const tables = board.sections.reduce((sum, section) => sum + section.tables.length, 0)

  return (
    <div className={css.screen}>
      <p className={css.subtitle} data-testid="host-summary">
        {board.branchName} · {waiting} waiting · {seated} of {tables} tables seated
      </p>
      {wide ? (
        <div className={css.columns}>
          {timeline}
          {map}
        </div>
      ) : (
        <TabGroup>
          <TabList className={css.switch} aria-label="View">
            <Tab className={css.switchTab}>List</Tab>
            <Tab className={css.switchTab}>Map</Tab>
          </TabList>
          <TabPanels>
            <TabPanel>{timeline}</TabPanel>
            <TabPanel>{map}</TabPanel>
          </TabPanels>
        </TabGroup>
      )}
      {open?.kind === 'seat' ? (
        <SeatDialog api={api} party={open.party} timeZone={board.timeZone} onClose={close} onSeated={(party) => done(`${party.fullName} seated at ${party.tableName}.`)} />
      ) : null}
      {open?.kind === 'cancel' ? <CancelDialog api={api} party={open.party} onClose={close} onCancelled={(party) => done(`${party.fullName} cancelled.`)} /> : null}
      {open?.kind === 'walk-in' ? (
        <WalkInDialog
          api={api}
          sections={sections}
          onClose={close}
          onDone={(party) => done(party.status === 'Seated' ? `${party.fullName} seated at ${party.tableName}.` : `${party.fullName} added to the waitlist.`)}
        />
      ) : null}
      {open?.kind === 'phone' ? (
        <PhoneReservationDialog
          api={api}
          today={board.date}
          sections={sections}
          onClose={close}
          onDone={(party) => done(`${party.fullName} booked for ${party.reservationSlot}.`)}
        />
      ) : null}
    </div>
  )
}
