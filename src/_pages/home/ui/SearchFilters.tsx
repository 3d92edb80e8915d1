import { Field, Label, Radio, RadioGroup, Switch } from '@headlessui/react'
import { ORDER_TYPE_FILTERS, RATING_FILTERS, type OrderTypeFilter, type SearchFilters } from '@/widgets/restaurant-list'
import css from './SearchPage.module.css'

/** The filters as chips: open now (a switch), one order type and a least rating (radio groups). */
export function SearchFilterBar({ filters, onChange }: { filters: SearchFilters; onChange: (filters: SearchFilters) => void }) {
  return (
    <div className={css.filters}>
      <Field className={css.switchField}>
        <Switch checked={filters.openNow} onChange={(openNow) => onChange({ ...filters, openNow })} className={css.chip}>
          Open now
        </Switch>
        <Label className="visually-hidden">Only restaurants open now</Label>
      </Field>
      <RadioGroup
        value={filters.type ?? 'any'}
        onChange={(type: OrderTypeFilter | 'any') => onChange({ ...filters, type: type === 'any' ? null : type })}
        aria-label="Order type"
        className={css.chipGroup}
      >
        <Radio value="any" className={css.chip}>
          Any type
        </Radio>
        {ORDER_TYPE_FILTERS.map((option) => (
          <Radio key={option.value} value={option.value} className={css.chip}>
            {option.label}
          </Radio>
        ))}
      </RadioGroup>
      <RadioGroup
        value={filters.minRating ?? 0}
        onChange={(rating: number) => onChange({ ...filters, minRating: rating || null })}
        aria-label="Rating"
        className={css.chipGroup}
      >
        <Radio value={0} className={css.chip}>
          Any rating
        </Radio>
        {RATING_FILTERS.map((option) => (
          <Radio key={option.value} value={option.value} className={css.chip} aria-label={`Rated ${option.label}`}>
            ★ {option.label}
          </Radio>
        ))}
      </RadioGroup>
    </div>
  )
}
