import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useEffect, useId, type ComponentProps } from 'react'
import { ItemDetails, startCustomising, type AddOutcome } from '@/features/add-to-cart'
import type { DietaryMarket, MenuItem, RestaurantDetail } from '@/shared/api'
import { TOAST_FLOW_MS } from '@/shared/config'
import { showToast } from '@/shared/ui'
import css from './ItemSheet.module.css'

/** The dish's name as the dialog's title: Headless UI names the dialog by it. */
const SheetTitle = (props: ComponentProps<'h2'>) => <DialogTitle as="h2" {...props} />

type ItemSheetProps = {
  item: MenuItem | null
  restaurant: RestaurantDetail
  market: DietaryMarket
  menuType: string
  eventDate: string | null
  onClose: () => void
}

/** A dish over the menu (docs/menu.md): a bottom sheet on phones, a dialog on wide screens; the menu stays where it was. */
export function ItemSheet({ item, restaurant, market, menuType, eventDate, onClose }: ItemSheetProps) {
  const titleId = useId()
  useEffect(() => {
    if (item) startCustomising(item, restaurant.id, menuType)
  }, [item, restaurant.id, menuType])

  function added(outcome: Extract<AddOutcome, { status: 'added' | 'updated' }>) {
    showToast(outcome.status === 'updated' ? `${outcome.name} updated in your cart` : `${outcome.name} added to your cart`, { tone: 'success', durationMs: TOAST_FLOW_MS })
    onClose()
  }

  return (
    <Dialog open={item !== null} onClose={onClose} className={css.root}>
      <DialogBackdrop className={css.backdrop} />
      <div className={css.frame}>
        <DialogPanel className={css.panel} data-testid="item-sheet">
          <button type="button" className={css.close} aria-label="Close" onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
          {item && <ItemDetails item={item} restaurant={restaurant} market={market} eventDate={eventDate} onAdded={added} titleId={titleId} layout="sheet" Title={SheetTitle} />}
        </DialogPanel>
      </div>
    </Dialog>
  )
}
