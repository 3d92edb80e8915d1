import css from './Skeleton.module.css'

/** A skeleton of a list screen: a header, a banner and a few rows. */
export function Skeleton({ rows = 6, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className={css.wrap} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className={css.header} />
      <div className={css.banner} />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={css.row}>
          <div className={css.thumb} />
          <div className={css.lines}>
            <div className={css.line} />
            <div className={css.lineShort} />
          </div>
        </div>
      ))}
    </div>
  )
}
