import { Label, Radio, RadioGroup } from '@headlessui/react'
import { MAX_PARTY_SIZE } from '@/shared/api'
import css from './HostPage.module.css'

/** Party size with big − / + buttons (touch), 1 to MAX_PARTY_SIZE. */
export function PartySize({ id, value, onChange }: { id: string; value: number; onChange: (size: number) => void }) {
  const set = (size: number) => onChange(Math.min(MAX_PARTY_SIZE, Math.max(1, size)))
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        Party size
      </label>
      <div className={css.stepper}>
        <button type="button" className={css.stepperButton} onClick={() => set(value - 1)} aria-label="One guest fewer" disabled={value <= 1}>
          −
        </button>
        <input
          id={id}
          className={css.stepperInput}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PARTY_SIZE}
          value={value}
          onChange={(event) => set(Number(event.target.value) || 1)}
        />
        <button type="button" className={css.stepperButton} onClick={() => set(value + 1)} aria-label="One guest more" disabled={value >= MAX_PARTY_SIZE}>
          +
        </button>
      </div>
    </div>
  )
}

/** The section the party would like, or any. */
export function SectionChoice({ sections, value, onChange }: { sections: { id: string; name: string }[]; value: string; onChange: (id: string) => void }) {
  if (sections.length < 2) return null
  return (
    <div className={css.field}>
      <span className={css.label} id="section-choice">
        Section
      </span>
      <RadioGroup value={value} onChange={onChange} aria-labelledby="section-choice" className={css.chips}>
        {[{ id: '', name: 'Any' }, ...sections].map((section) => (
          <Radio key={section.id || 'any'} value={section.id} className={css.chip}>
            <Label>{section.name}</Label>
          </Radio>
        ))}
      </RadioGroup>
    </div>
  )
}
