import { Label, Radio, RadioGroup } from '@headlessui/react'
import { useEffect, useState, type FormEvent } from 'react'
import type { HostParty, TableSuggestion } from '@/shared/api'
import type { HostApi } from '../api/host-api'
import { clockTime } from '../lib/format'
import { FormDialog, refusalText } from './FormDialog'
import css from './HostPage.module.css'

/** Seat a party: the tables it could sit at now, best first (smallest that fits, then its section), the best one chosen. */
export function SeatDialog({ api, party, timeZone, onClose, onSeated }: { api: HostApi; party: HostParty; timeZone: string; onClose: () => void; onSeated: (party: HostParty) => void }) {
  const [tables, setTables] = useState<TableSuggestion[] | null>(null)
  const [chosen, setChosen] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    api.tables(party.reservationId).then(
      (answer) => {
        if (!live) return
        setTables(answer.tables)
        setChosen(answer.tables[0]?.tableId ?? null)
      },
      (refused: unknown) => live && setError(refusalText(refused)),
    )
    return () => {
      live = false
    }
  }, [api, party.reservationId])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!chosen || busy) return
    setBusy(true)
    setError(null)
    try {
      onSeated(await api.seat(party.reservationId, chosen))
    } catch (refused) {
      setError(refusalText(refused))
      // The floor moved: show what is free now.
      api.tables(party.reservationId).then((answer) => setTables(answer.tables), () => {})
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormDialog
      title={`Seat ${party.fullName}, party of ${party.guestCount}`}
      onClose={onClose}
      onSubmit={submit}
      error={error}
      testId="seat-dialog"
      actions={
        <button type="submit" className="button" disabled={!chosen || busy} data-autofocus>
          {busy ? 'Seating…' : 'Seat'}
        </button>
      }
    >
      {tables === null && !error ? <p className={css.muted}>Finding free tables…</p> : null}
      {tables?.length === 0 ? <p className={css.muted}>No table for {party.guestCount} is free right now.</p> : null}
      {tables && tables.length > 0 ? (
        <RadioGroup value={chosen} onChange={setChosen} aria-label="Table" className={css.tableChoices}>
          {tables.map((table, index) => (
            <Radio key={table.tableId} value={table.tableId} className={css.tableChoice} data-testid="table-choice">
              <Label className={css.tableChoiceName}>
                {table.name} · {table.capacity} seats
              </Label>
              <span className={css.tableChoiceNote}>
                {table.sectionName}
                {index === 0 ? ' · Best fit' : ''}
                {table.reservedAt ? ` · Reserved ${clockTime(table.reservedAt, timeZone)}` : ''}
              </span>
            </Radio>
          ))}
        </RadioGroup>
      ) : null}
    </FormDialog>
  )
}
