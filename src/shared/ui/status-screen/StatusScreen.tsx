import type { ReactNode } from 'react'
import css from './StatusScreen.module.css'

/** A full-screen message with a title, a sentence and an action: offline, not found, errors. */
export function StatusScreen({ title, message, children, illustration }: { title: string; message?: string; children?: ReactNode; illustration?: string }) {
  return (
    <main className={css.screen}>
      {illustration && <img src={illustration} alt="" width={120} height={120} className={css.art} />}
      <h1 className={css.title}>{title}</h1>
      {message && <p className={css.message}>{message}</p>}
      {children && <div className={css.actions}>{children}</div>}
    </main>
  )
}
