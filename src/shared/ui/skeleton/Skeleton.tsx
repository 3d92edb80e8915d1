import css from './Skeleton.module.css'
import shimmer from './Shimmer.module.css'

/** The class of a skeleton's container, which carries the shimmer, and of its grey blocks (`Shimmer.module.css`). */
export const shimmerSweep = (layout: string | undefined) => `${shimmer.sweep} ${layout ?? ''}`
export const shimmerBlock = (shape: string | undefined) => `${shimmer.block} ${shape ?? ''}`

/** A skeleton of a list screen: a header, a banner and a few rows. */
export function Skeleton({ rows = 6, label = 'Loading' }: { rows?: number; label?: string }) {
  return (
    <div className={shimmerSweep(css.wrap)} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className={shimmerBlock(css.header)} />
      <div className={shimmerBlock(css.banner)} />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className={css.row}>
          <div className={shimmerBlock(css.thumb)} />
          <div className={css.lines}>
            <div className={shimmerBlock(css.line)} />
            <div className={shimmerBlock(css.lineShort)} />
          </div>
        </div>
      ))}
    </div>
  )
}
