import css from './SiteHeader.module.css'

/** The platform's own header, on screens that belong to no single restaurant (the Demo marker is above it, DemoMarker). */
export function SiteHeader() {
  return (
    <header className={css.header}>
      <div className={css.start}>
        <a href="/" className={css.brand} aria-label="Tablefront home">
          <img src="/default-logo.svg" alt="" width={32} height={32} />
          <span>Tablefront</span>
        </a>
      </div>
      <nav className={css.nav} aria-label="Your account">
        {/* A guest who opens the account is taken to sign in, and back here afterwards. */}
        <a href="/account" className={css.account}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span>Account</span>
        </a>
      </nav>
    </header>
  )
}
