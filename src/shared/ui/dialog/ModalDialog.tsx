import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import css from './ModalDialog.module.css'

type ModalDialogProps = {
  /** Escape, a tap on the backdrop and the caller's own dismiss buttons close it. */
  onClose: () => void
  title: ReactNode
  /** The sentence under the title; screen readers read it with the title. */
  description: ReactNode
  /** The buttons, stacked full width; the one marked `data-autofocus` takes the focus. */
  actions: ReactNode
  /** Above the title: an illustration (it then centres the text). */
  art?: ReactNode
  /** 24rem wide instead of 26rem. */
  narrow?: boolean
  /** Under the buttons: an error of the last action. */
  children?: ReactNode
  testId?: string
}

/**
 * A small modal question with a title, a sentence and stacked buttons (Headless UI's Dialog: focus
 * kept inside and given back on close, Escape and the backdrop close it).
 */
export function ModalDialog({ onClose, title, description, actions, art, narrow, children, testId }: ModalDialogProps) {
  const panel = [css.panel, narrow && css.narrow, art && css.centred].filter(Boolean).join(' ')
  return (
    <Dialog open onClose={onClose} className={css.root}>
      <DialogBackdrop className={css.backdrop} />
      <DialogPanel className={panel} data-testid={testId}>
        {art}
        <DialogTitle as="h2" className={css.title}>
          {title}
        </DialogTitle>
        <Description className={css.text}>{description}</Description>
        <div className={css.actions}>{actions}</div>
        {children}
      </DialogPanel>
    </Dialog>
  )
}

/** A quiet way out under the main buttons ("Not now"), drawn as underlined text. */
export function DialogTextButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className' | 'type'>) {
  return <button type="button" className={css.dismiss} {...props} />
}

/** What went wrong with the dialog's last action, announced when it appears. */
export function DialogError({ children }: { children: ReactNode }) {
  return (
    <p className={css.error} role="alert">
      {children}
    </p>
  )
}
