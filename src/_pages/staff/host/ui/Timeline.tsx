import { Label, Menu, MenuButton, MenuItem, MenuItems, Radio, RadioGroup } from '@headlessui/react'
import type { HostParty } from '@/shared/api'
import { duration, FILTERS, inFilter, statusWord, timeLine, type TimelineFilter } from '../lib/format'
import css from './HostPage.module.css'

export type PartyAction = 'seat' | 'complete' | 'no-show' | 'cancel'

/** Today's parties by time, one filter at a time, each with the moves its status allows. */
export function Timeline({
  parties,
  timeZone,
  now,
  filter,
  onFilter,
  onAction,
}: {
  parties: HostParty[]
  timeZone: string
  /** The board's instant: minutes seated count from it. */
  now: string
  filter: TimelineFilter
  onFilter: (filter: TimelineFilter) => void
  onAction: (action: PartyAction, party: HostParty) => void
}) {
  const shown = parties.filter((party) => inFilter(party, filter))
  return (
    <section className={css.timeline} aria-labelledby="timeline-title">
      <h2 id="timeline-title" className="visually-hidden">
        Today’s parties
      </h2>
      <RadioGroup value={filter} onChange={onFilter} aria-label="Show" className={css.filters}>
        {FILTERS.map(({ id, label }) => (
          <Radio key={id} value={id} className={css.filter} data-testid={`filter-${id}`}>
            <Label>
              {label} <span className={css.count}>{parties.filter((party) => inFilter(party, id)).length}</span>
            </Label>
          </Radio>
        ))}
      </RadioGroup>
      {shown.length === 0 ? <p className={css.empty}>{emptyText(filter)}</p> : null}
      <ul className={css.parties}>
        {shown.map((party) => (
          <PartyRow key={party.reservationId} party={party} timeZone={timeZone} now={now} onAction={onAction} />
        ))}
      </ul>
    </section>
  )
}

const emptyText = (filter: TimelineFilter) =>
  ({ waitlist: 'Nobody is waiting.', reservations: 'No more reservations today.', seated: 'Nobody is seated.', done: 'Nothing finished yet today.' })[filter]

function PartyRow({ party, timeZone, now, onAction }: { party: HostParty; timeZone: string; now: string; onAction: (action: PartyAction, party: HostParty) => void }) {
  const word = statusWord(party)
  const headingId = `party-${party.reservationId}`
  return (
    <li className={css.party} data-testid="party-row" data-status={party.status} aria-labelledby={headingId}>
      <div className={css.partySize} aria-hidden="true">
        {party.guestCount}
      </div>
      <div className={css.partyMain}>
        <h3 id={headingId} className={css.partyName}>
          {party.fullName}
          <span className="visually-hidden">, party of {party.guestCount}</span>
        </h3>
        <p className={css.partyLine}>
          <span className={css.badge} data-tone={party.late ? 'late' : party.status}>
            {word}
          </span>{' '}
          {timeLine(party, timeZone)}
        </p>
        {party.status === 'Seated' && party.tableName ? (
          <p className={css.partyLine}>
            {party.tableName}
            {party.seatedAt ? ` · ${duration(Math.max(0, Math.floor((Date.parse(now) - Date.parse(party.seatedAt)) / 60_000)))} seated` : ''}
          </p>
        ) : party.status === 'Active' && party.tableName ? (
          <p className={css.partyLine}>Table {party.tableName} held</p>
        ) : null}
        {party.requestedSectionName ? <p className={css.partyLine}>Prefers {party.requestedSectionName}</p> : null}
        {party.notes ? <p className={css.partyNote}>“{party.notes}”</p> : null}
        {party.cancelReason && party.status === 'Cancelled' ? <p className={css.partyLine}>{party.cancelReason}</p> : null}
      </div>
      <div className={css.partyActions}>
        {party.status === 'Active' ? (
          <>
            <button type="button" className="button" onClick={() => onAction('seat', party)} aria-describedby={headingId}>
              Seat
            </button>
            <Menu>
              <MenuButton className={css.more} aria-label={`More for ${party.fullName}`}>
                ⋯
              </MenuButton>
              <MenuItems anchor="bottom end" className={css.menu}>
                <MenuItem>
                  <button type="button" className={css.menuItem} onClick={() => onAction('no-show', party)}>
                    No-show
                  </button>
                </MenuItem>
                <MenuItem>
                  <button type="button" className={css.menuItem} onClick={() => onAction('cancel', party)}>
                    Cancel…
                  </button>
                </MenuItem>
              </MenuItems>
            </Menu>
          </>
        ) : party.status === 'Seated' ? (
          <button type="button" className="button button--secondary" onClick={() => onAction('complete', party)} aria-describedby={headingId}>
            Done
          </button>
        ) : null}
      </div>
    </li>
  )
}
