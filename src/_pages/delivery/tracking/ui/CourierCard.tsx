import { formatRestaurantTime } from '@/entities/order'
import { pickTrackingResult } from '@/entities/delivery'
import type { TrackingEvent } from '@/shared/api'
import { formatPhoneForDisplay } from '@/shared/lib/phone'
import css from './TrackingScreen.module.css'

type Props = { tracking: TrackingEvent; timeZone: string; currentPath: string }

/** Who brings the order and when, as much as the provider told (docs/delivery.md, "Tracking"). */
export function CourierCard({ tracking, timeZone, currentPath }: Props) {
  const result = pickTrackingResult({ ...tracking, trackingUrl: tracking.delivery?.trackingUrl ?? null })
  const delivered = tracking.status === '15'
  const when = (iso: string) => formatRestaurantTime(iso, timeZone)

  return (
    <section className={css.courier} aria-labelledby="courier-heading">
      <h2 id="courier-heading">Your delivery</h2>
      <p className={css.headline} data-testid="tracking-status">
        {tracking.statusLabel}
      </p>
      {!tracking.delivery && !delivered && <p className={css.muted}>Finding a courier for your order…</p>}
      {(result.kind === 'runner' || result.kind === 'runnerWithLink') && (
        <>
          <p>
            {delivered ? 'Delivered by' : 'Your courier is'} <strong>{result.runner.name}</strong>
          </p>
          {!delivered && (
            <a className={css.call} href={`tel:${result.runner.phone}`}>
              Call {result.runner.name} at {formatPhoneForDisplay(result.runner.phone)}
            </a>
          )}
        </>
      )}
      {result.kind !== 'none' && result.eta && (
        <p data-testid="tracking-eta">{delivered ? `Delivered at ${when(result.eta)}` : `Arriving by ${when(result.eta)}`}</p>
      )}
      {result.kind === 'runnerWithLink' && result.trackingUrl !== currentPath && (
        <a className={css.call} href={result.trackingUrl}>
          Delivery details
        </a>
      )}
      {tracking.delivery && <p className={css.muted}>Delivery partner: {tracking.delivery.providerCode}</p>}
    </section>
  )
}
