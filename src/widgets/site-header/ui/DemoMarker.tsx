import { useStore } from '@nanostores/react'
import { $demo } from '../model/demo'
import css from './DemoMarker.module.css'

/** What the marker says to a screen reader and on hover. */
export const DEMO_DESCRIPTION = 'Demo: payments and texts are simulated'

/**
 * The sandbox marker (docs/operations.md "The Demo marker"): a slim strip above every screen, in
 * the page's flow so it never covers content or controls. Rendered once, by the app's root (which
 * asks the server, GET /config) and by the static pages' layout (whose build knows the mode, given
 * as `demo`); a production server's pages show nothing.
 */
export function DemoMarker({ demo }: { demo?: boolean }) {
  const asked = useStore($demo)
  if (!(demo ?? asked)) return null
  return (
    <div className={css.marker} role="note" aria-label={DEMO_DESCRIPTION} title={DEMO_DESCRIPTION} data-testid="demo-marker">
      <span className={css.pill}>Demo</span>
      <span className={css.text}>Payments and texts are simulated</span>
    </div>
  )
}
