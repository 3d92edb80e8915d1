import type { HostBoard, HostTable } from '@/shared/api'
import { clockTime, duration } from '../lib/format'
import css from './HostPage.module.css'

/** The floor by section: each table a tile sized by its seats and coloured by its state, with who sits there and for how long. */
export function TableMap({ board }: { board: HostBoard }) {
  return (
    <section className={css.map} aria-labelledby="map-title">
      <h2 id="map-title" className="visually-hidden">
        Tables
      </h2>
      <ul className={css.legend} aria-label="Legend">
        <li data-state="free">Free</li>
        <li data-state="held">Held</li>
        <li data-state="seated">Seated</li>
      </ul>
      {board.sections.map((section) => (
        <section key={section.id} className={css.section} aria-labelledby={`section-${section.id}`}>
          <h3 id={`section-${section.id}`} className={css.sectionName}>
            {section.name}
          </h3>
          <ul className={css.tiles}>
            {section.tables.map((table) => (
              <li key={table.tableId} className={css.tile} data-state={table.state} data-testid="table-tile" style={{ '--seats': table.capacity } as React.CSSProperties}>
                <span className={css.tileName}>{table.name}</span>
                <span className={css.tileSeats}>{table.capacity} seats</span>
                <span className={css.tileState}>{stateLine(table, board.timeZone)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  )
}

function stateLine(table: HostTable, timeZone: string): string {
  if (table.occupant) return `${table.occupant.fullName} (${table.occupant.guestCount}) · ${duration(table.occupant.minutesSeated)}`
  if (table.heldFor) return `Held ${clockTime(table.heldFor.at, timeZone)} · ${table.heldFor.fullName} (${table.heldFor.guestCount})`
  return 'Free'
}
