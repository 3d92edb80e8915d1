import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Switch } from '@headlessui/react'
import { useEffect, useMemo, useState } from 'react'
import { staffCall } from '@/entities/staff-session'
import { ApiRefusal, type StockDish } from '@/shared/api'
import css from './KitchenPage.module.css'

/**
 * The kitchen's stock panel (docs/kitchen.md "Stock"): search the dishes, flip one sold out or
 * back. Each flip is sent at once; the diner's menu changes with it (its version moves).
 */
export function StockDialog({ locationId, onClose }: { locationId: string; onClose: () => void }) {
  const [dishes, setDishes] = useState<StockDish[] | null>(null)
  const [query, setQuery] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)

  useEffect(() => {
    staffCall('GET /staff/:locationId/kitchen/stock', { params: { locationId } }).then(
      (answer) => setDishes(answer.dishes),
      (failure: unknown) => setError(failure instanceof ApiRefusal ? failure.message : 'The dishes could not be loaded.'),
    )
  }, [locationId])

  const shown = useMemo(() => {
    const words = query.trim().toLowerCase()
    return (dishes ?? []).filter((dish) => !words || dish.name.toLowerCase().includes(words) || dish.category.toLowerCase().includes(words))
  }, [dishes, query])

  async function flip(dish: StockDish, soldOut: boolean) {
    setBusy(dish.id)
    setError(null)
    try {
      const updated = await staffCall('PUT /staff/:locationId/kitchen/stock/:itemId', {
        params: { locationId, itemId: dish.id },
        body: { soldOut },
        headers: { 'Idempotency-Key': crypto.randomUUID() },
      })
      setDishes((current) => current?.map((entry) => (entry.id === updated.id ? updated : entry)) ?? null)
    } catch (failure) {
      setError(failure instanceof ApiRefusal ? failure.message : `${dish.name} could not be changed. Check the connection.`)
    } finally {
      setBusy(null)
    }
  }

  const soldOutCount = (dishes ?? []).filter((dish) => dish.soldOut).length
  return (
    <Dialog open onClose={onClose} className={css.dialogRoot}>
      <DialogBackdrop className={css.backdrop} />
      <DialogPanel className={css.stockPanel}>
        <div className={css.stockHead}>
          <DialogTitle as="h2" className={css.dialogTitle}>
            Stock{dishes ? ` · ${soldOutCount} sold out` : ''}
          </DialogTitle>
          <button type="button" className={css.secondary} onClick={onClose}>
            Done
          </button>
        </div>
        <label className={css.search}>
          <span className="visually-hidden">Search dishes</span>
          <input type="search" placeholder="Search dishes" value={query} onChange={(event) => setQuery(event.target.value)} data-autofocus />
        </label>
        {error && (
          <p role="alert" className={css.error}>
            {error}
          </p>
        )}
        {!dishes && !error && <p className={css.muted}>Loading the dishes…</p>}
        <ul className={css.stockList}>
          {shown.map((dish) => (
            <li key={dish.id} className={css.stockRow}>
              <span className={css.stockName}>
                {dish.name}
                <span className={css.muted}>{dish.category}</span>
              </span>
              <Switch
                checked={!dish.soldOut}
                disabled={busy === dish.id}
                onChange={(available: boolean) => void flip(dish, !available)}
                className={css.switch}
                aria-label={`${dish.name}: ${dish.soldOut ? 'sold out' : 'available'}`}
              >
                <span className={css.switchText}>{dish.soldOut ? 'Sold out' : 'Available'}</span>
              </Switch>
            </li>
          ))}
        </ul>
        {dishes && shown.length === 0 && <p className={css.muted}>No dish matches “{query}”.</p>}
      </DialogPanel>
    </Dialog>
  )
}
