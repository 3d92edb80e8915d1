import css from './SectionSkeleton.module.css'

/** The grey shape of a section (a few lines and cards) while its chunk loads: the menu and title stay put. */
export function SectionSkeleton({ label }: { label: string }) {
  return (
    <div className={css.wrap} role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      <div className={css.lineShort} />
      <div className={css.line} />
      <div className={css.block} />
      <div className={css.block} />
    </div>
  )
}
