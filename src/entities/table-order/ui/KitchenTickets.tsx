import type { KitchenTicket } from '@/shared/api'
import css from './TableOrder.module.css'

/** A ticket's status as the diner reads it; 41 and 42 have no display label of their own (docs/orders.md "Statuses"). */
const TICKET_TEXT: Record<string, string> = { '41': 'In preparation', '42': 'Items ready', '43': 'KOT Ready', '59': 'Served' }

/** The rounds of a table order, each with its kitchen ticket's status and its dishes. */
export function KitchenTickets({ tickets }: { tickets: KitchenTicket[] }) {
  return (
    <section className={css.rounds} aria-labelledby="rounds-title">
      <h2 id="rounds-title" className={css.heading}>
        Rounds
      </h2>
      <ol className={css.list}>
        {tickets.map((ticket) => (
          <li key={ticket.id} className={css.round} data-testid="round" aria-labelledby={`round-${ticket.round}`}>
            <div className={css.roundHead}>
              <h3 id={`round-${ticket.round}`} className={css.roundTitle}>
                Round {ticket.round}
              </h3>
              <span className={css.ticket} data-status={ticket.status} data-testid="kot-status">
                {TICKET_TEXT[ticket.status] ?? ticket.statusLabel}
              </span>
            </div>
            <ul className={css.dishes}>
              {ticket.items.map((item) => (
                <li key={item.orderItemId}>
                  <span className={css.quantity}>{item.quantity} ×</span> {item.name}
                  {item.comment && <span className={css.comment}> — {item.comment}</span>}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  )
}
