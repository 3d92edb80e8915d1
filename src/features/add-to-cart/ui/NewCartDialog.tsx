import { ModalDialog } from '@/shared/ui/dialog'

type NewCartDialogProps = {
  currentRestaurant: string
  newRestaurant: string
  onStartNew: () => void
  onClose: () => void
}

/** Asks before a dish of another restaurant empties the cart; focus stays inside until it closes. */
export function NewCartDialog({ currentRestaurant, newRestaurant, onStartNew, onClose }: NewCartDialogProps) {
  return (
    <ModalDialog
      onClose={onClose}
      title="Start a new cart?"
      description={`Your cart has dishes from ${currentRestaurant}. Starting a new cart for ${newRestaurant} removes them.`}
      actions={
        <>
          <button type="button" className="button" onClick={onStartNew}>
            Start a new cart
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            Keep my cart
          </button>
        </>
      }
    />
  )
}
