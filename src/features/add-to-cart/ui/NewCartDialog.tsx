import { Description, Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import css from './NewCartDialog.module.css'

type NewCartDialogProps = {
  currentRestaurant: string
  newRestaurant: string
  onStartNew: () => void
  onClose: () => void
}

/** Asks before a dish of another restaurant empties the cart; focus stays inside until it closes. */
export function NewCartDialog({ currentRestaurant, newRestaurant, onStartNew, onClose }: NewCartDialogProps) {
  return (
    <Dialog open onClose={onClose} className={css.root}>
      <div className={css.backdrop} aria-hidden="true" />
      <div className={css.frame}>
        <DialogPanel className={css.dialog}>
          <DialogTitle className={css.title}>Start a new cart?</DialogTitle>
          <Description className={css.text}>
            Your cart has dishes from {currentRestaurant}. Starting a new cart for {newRestaurant} removes them.
          </Description>
          <div className={css.actions}>
            <button type="button" className="button" onClick={onStartNew}>
              Start a new cart
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              Keep my cart
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
