import css from './Spinner.module.css'

/** The spinner image with a label for screen readers. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={css.wrap} role="status" aria-live="polite">
      <img className={css.image} src="/spinner.svg" alt="" width={48} height={48} />
      <span className="visually-hidden">{label}</span>
    </div>
  )
}
