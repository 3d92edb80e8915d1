import { useEffect, useId, useRef } from 'react'
import { createPortal } from 'react-dom'
import css from './NewCartDialog.module.css'

type NewCartDialogProps = {
  currentRestaurant: string
  newRestaurant: string
  onStartNew: () => void
  onClose: () => void
}

/** Asks before a dish of another restaurant empties the cart; focus stays inside until it closes. */
export function NewCartDialog({ currentRestaurant, newRestaurant, onStartNew, onClose }: NewCartDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const textId = useId()

  useEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => dialog?.close()
  }, [])

  return createPortal(
    <dialog ref={dialogRef} className={css.dialog} aria-labelledby={titleId} aria-describedby={textId} onClose={onClose}>
      <div className={css.content}>
        <h2 id={titleId} className={css.title}>
          Start a new cart?
        </h2>
        <p id={textId} className={css.text}>
          Your cart has dishes from {currentRestaurant}. Starting a new cart for {newRestaurant} removes them.
        </p>
        <div className={css.actions}>
          <button type="button" className="button" onClick={onStartNew}>
            Start a new cart
          </button>
          <button type="button" className="button button--secondary" onClick={() => dialogRef.current?.close()}>
            Keep my cart
          </button>
        </div>
      </div>
    </dialog>,
    document.body,
  )
}
