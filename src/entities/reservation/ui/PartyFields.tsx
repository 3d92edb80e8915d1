import { useId } from 'react'
import { MAX_PARTY_SIZE } from '@/shared/api'
import css from './Reservation.module.css'

/** Guest details (docs/reservations.md, "The party"): adultSize and kidzSize, plus high chairs where the restaurant has them. */
export type Party = { adults: number; kids: number; highChairs: number }

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index)

/** Keeps a party inside the limits: at least one adult, at most MAX_PARTY_SIZE, no more high chairs than children. */
export function fitParty(party: Party, highChairsOffered: boolean): Party {
  const adults = Math.min(Math.max(1, party.adults), MAX_PARTY_SIZE)
  const kids = Math.min(Math.max(0, party.kids), MAX_PARTY_SIZE - adults)
  const highChairs = highChairsOffered ? Math.min(Math.max(0, party.highChairs), kids) : 0
  return { adults, kids, highChairs }
}

export function PartyFields({ party, highChairsOffered, onChange }: { party: Party; highChairsOffered: boolean; onChange: (party: Party) => void }) {
  const id = useId()
  const set = (change: Partial<Party>) => onChange(fitParty({ ...party, ...change }, highChairsOffered))
  return (
    <fieldset className={css.party}>
      <legend className={css.label}>Party size</legend>
      <div className={css.partyFields}>
        <div className={css.field}>
          <label htmlFor={`${id}-adults`}>Adults</label>
          <select id={`${id}-adults`} className={css.input} value={party.adults} onChange={(event) => set({ adults: Number(event.target.value) })}>
            {range(1, MAX_PARTY_SIZE - party.kids).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
        <div className={css.field}>
          <label htmlFor={`${id}-kids`}>Children</label>
          <select id={`${id}-kids`} className={css.input} value={party.kids} onChange={(event) => set({ kids: Number(event.target.value) })}>
            {range(0, MAX_PARTY_SIZE - party.adults).map((count) => (
              <option key={count} value={count}>
                {count}
              </option>
            ))}
          </select>
        </div>
        {highChairsOffered && (
          <div className={css.field}>
            <label htmlFor={`${id}-chairs`}>High chairs</label>
            <select id={`${id}-chairs`} className={css.input} value={party.highChairs} onChange={(event) => set({ highChairs: Number(event.target.value) })}>
              {range(0, party.kids).map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
    </fieldset>
  )
}
