import { shimmerBlock, shimmerSweep } from '@/shared/ui'
import css from './SectionSkeleton.module.css'

/** The grey shape of a section (a few lines and cards) while its chunk loads: the menu and title stay put. */
export function SectionSkeleton({ label }: { label: string }) {
  return (
    <div className={shimmerSweep(css.wrap)} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className={shimmerBlock(css.lineShort)} />
      <div className={shimmerBlock(css.line)} />
      <div className={shimmerBlock(css.block)} />
      <div className={shimmerBlock(css.block)} />
    </div>
  )
}
