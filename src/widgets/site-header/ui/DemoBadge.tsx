import css from './SiteHeader.module.css'

/** What the marker says to a screen reader and on hover: the visible word alone would not. */
export const DEMO_DESCRIPTION = 'Demo: payments and texts are simulated'

/** The sandbox marker: nothing real is charged or sent on this server (docs/operations.md). */
export function DemoBadge() {
  return (
    <span className={css.demo} role="note" aria-label={DEMO_DESCRIPTION} title={DEMO_DESCRIPTION}>
      Demo
    </span>
  )
}
