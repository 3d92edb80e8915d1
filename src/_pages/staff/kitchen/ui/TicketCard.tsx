import type { KitchenCard } from '@/shared/api'
import { cardTitle, formatAge, minutesSince } from '../model/board'
import css from './KitchenPage.module.css'

/** What a tap does, in the kitchen's words, by the status it moves the card to. */
const VERB: Record<string, string> = {
  '11': 'Accept',
  '12': 'Start',
  '70': 'Start prep',
  '42': 'Items ready',
  '43': 'Ticket ready',
  '13': 'Ready',
  '14': 'Out for delivery',
  '15': 'Delivered',
  '16': 'Picked up',
  '17': 'Complete',
  '59': 'Served',
}

const TYPE_LABEL: Record<KitchenCard['type'], string> = { pickup: 'Pickup', delivery: 'Delivery', 'dine-in': 'Dine-in', event: 'Event' }

type Props = { card: KitchenCard; deviceNow: number; skew: number; timeZone: string; fresh: boolean; onBump: (card: KitchenCard) => void }

/** One ticket on the board: who and what, how long it has waited, and one big button that moves it on. */
export function TicketCard({ card, deviceNow, skew, timeZone, fresh, onBump }: Props) {
  const age = minutesSince(card.statusSince, deviceNow, skew)
  const titleId = `ticket-${card.key}`
  const late = age >= 15
  return (
    <article className={css.card} data-fresh={fresh || undefined} data-late={late || undefined} aria-labelledby={titleId} data-testid="kitchen-card">
      <header className={css.cardHead}>
        <h3 id={titleId} className={css.cardTitle}>
          {cardTitle(card)}
        </h3>
        <span className={css.badge} data-type={card.type}>
          {TYPE_LABEL[card.type]}
        </span>
        <span className={css.age} aria-label={`${age} minutes at ${card.statusLabel}`}>
          {formatAge(age)}
        </span>
      </header>
      <p className={css.meta}>
        {[card.firstName, card.tableName && `Table ${card.tableName}`, card.dueAt && `Due ${formatTime(card.dueAt, timeZone)}`, card.statusLabel].filter(Boolean).join(' · ')}
      </p>
      <ul className={css.lines}>
        {card.lines.map((line) => (
          <li key={line.id}>
            <span className={css.quantity}>{line.quantity}×</span> {line.name}
            {line.options.length > 0 && <span className={css.options}>{line.options.join(', ')}</span>}
            {line.note && <span className={css.note}>Note: {line.note}</span>}
          </li>
        ))}
      </ul>
      {card.note && <p className={css.note}>Order note: {card.note}</p>}
      {card.next ? (
        <button type="button" className={css.bump} onClick={() => onBump(card)} aria-label={`${VERB[card.next.status] ?? card.next.label}: ${cardTitle(card)}`}>
          {VERB[card.next.status] ?? card.next.label}
        </button>
      ) : (
        <p className={css.waiting}>{card.waiting ?? 'Moving…'}</p>
      )}
    </article>
  )
}

/** On the restaurant's clock, as every time of an order (docs/orders.md "ETA"). */
function formatTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone })
}
