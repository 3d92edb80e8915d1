import css from './Feedback.module.css'

const STARS = [1, 2, 3, 4, 5] as const

export const starsLabel = (stars: number) => `${stars} star${stars === 1 ? '' : 's'}`

/**
 * A 1–5 rating as a radio group: native radios, so arrow keys move and Space picks; each is named
 * "1 star" … "5 stars" and the group by its question.
 */
export function StarRating({
  name,
  legend,
  value,
  invalid,
  onChange,
}: {
  name: string
  legend: string
  value: number | undefined
  invalid?: boolean
  onChange: (stars: number) => void
}) {
  return (
    <fieldset className={css.rating} aria-invalid={invalid || undefined} data-question={name}>
      <legend className={css.question}>{legend}</legend>
      <div className={css.stars}>
        {STARS.map((stars) => (
          <label key={stars} className={css.star} data-lit={value !== undefined && stars <= value ? 'true' : undefined}>
            <input
              className="visually-hidden"
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              aria-label={starsLabel(stars)}
            />
            <span aria-hidden="true">★</span>
          </label>
        ))}
        <span className={css.ratingText} aria-hidden="true">
          {value ? starsLabel(value) : 'Not rated'}
        </span>
      </div>
    </fieldset>
  )
}

/** A rating already given, read-only: "4 of 5 stars" for screen readers, stars for the eye. */
export function StarsGiven({ stars }: { stars: number }) {
  return (
    <span className={css.given}>
      <span aria-hidden="true">
        {'★'.repeat(stars)}
        <span className={css.unlit}>{'★'.repeat(5 - stars)}</span>
      </span>
      <span className="visually-hidden">{`${stars} of 5 stars`}</span>
    </span>
  )
}
