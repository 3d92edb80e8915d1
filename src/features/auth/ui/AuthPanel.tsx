import { useEffect, type ReactNode } from 'react'
import css from './AuthForm.module.css'

/** The frame of every auth screen: one heading, an optional lead, the form. */
export function AuthPanel({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | Tablefront`
  }, [title])
  return (
    <main className={css.panel}>
      <h1 className={css.title}>{title}</h1>
      {lead && <p className={css.lead}>{lead}</p>}
      {children}
    </main>
  )
}
