import { Radio, RadioGroup } from '@headlessui/react'
import { useCallback, useEffect, useState } from 'react'
import { ApiRefusal, type SupportInboxItem, type SupportRequestStatus } from '@/shared/api'
import { loadInbox } from '../api/floor-api'
import { SupportRequestView } from './SupportRequestView'
import css from './FloorPage.module.css'

const FILTERS = ['Open', 'Answered', 'Closed', 'All'] as const
type Filter = (typeof FILTERS)[number]

const when = (iso: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso))

/** The support requests of the location (docs/floor.md "Support inbox"): a list by status; one opens with its thread and the reply box. */
export function SupportInbox({ locationId, changedAt, openCount }: { locationId: string; changedAt: string | null; openCount: number }) {
  const [filter, setFilter] = useState<Filter>('Open')
  const [items, setItems] = useState<SupportInboxItem[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [opened, setOpened] = useState<string | null>(null)

  const refresh = useCallback(async () => {
    try {
      setItems(await loadInbox(locationId, filter === 'All' ? undefined : (filter as SupportRequestStatus)))
      setError(null)
    } catch (failure) {
      setError(failure instanceof ApiRefusal ? failure.message : 'The support requests could not be loaded.')
    }
  }, [locationId, filter])

  // Read again when the filter changes and whenever the board says the location's requests moved.
  useEffect(() => {
    void refresh()
  }, [refresh, changedAt])

  return (
    <section className={css.panel} aria-labelledby="floor-support-title">
      <header className={css.panelHead}>
        <h2 id="floor-support-title" className={css.panelTitle}>
          Support <span className={css.count}>{openCount} open</span>
        </h2>
      </header>
      {opened ? (
        <SupportRequestView locationId={locationId} requestId={opened} changedAt={changedAt} onBack={() => setOpened(null)} onChanged={() => void refresh()} />
      ) : (
        <>
          <RadioGroup value={filter} onChange={setFilter} aria-label="Show requests" className={css.filters}>
            {FILTERS.map((name) => (
              <Radio key={name} value={name} className={css.filter}>
                {name}
              </Radio>
            ))}
          </RadioGroup>
          {error && (
            <p className={css.error} role="alert">
              {error}
            </p>
          )}
          {items && items.length === 0 && <p className={css.empty}>{filter === 'All' ? 'No support requests yet.' : `No ${filter.toLowerCase()} requests.`}</p>}
          <ul className={css.requests} aria-label="Support requests, newest first">
            {(items ?? []).map((item) => (
              <li key={item.id}>
                <button type="button" className={css.request} onClick={() => setOpened(item.id)}>
                  <span className={css.requestHead}>
                    <strong>{item.name}</strong>
                    <span className={css.status} data-status={item.status}>
                      {item.status}
                    </span>
                  </span>
                  <span className={css.muted}>
                    {item.reference} · {item.topic}
                    {item.orderNumber ? ` · Order ${item.orderNumber}` : ''} · {when(item.createdAt)}
                  </span>
                  <span className={css.excerpt}>{item.message}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
