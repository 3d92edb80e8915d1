import css from './SiteHeader.module.css'

/** The platform's own header, on screens that belong to no single restaurant. */
export function SiteHeader() {
  return (
    <header className={css.header}>
      <a href="/" className={css.brand} aria-label="Tablefront home">
        <img src="/default-logo.svg" alt="" width={32} height={32} />
        <span>Tablefront</span>
      </a>
    </header>
  )
}
