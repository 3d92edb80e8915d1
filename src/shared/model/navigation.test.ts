// @vitest-environment happy-dom
import { cleanStores, keepMount } from 'nanostores'
import { afterEach, describe, expect, it } from 'vitest'
import { $isMobile } from '../lib/viewport'
import { $navigation, selectDeliveryType, setReservationWidgetVisible } from './navigation'

describe('$navigation (docs/app.md, "Mobile and desktop")', () => {
  afterEach(() => cleanStores($navigation, $isMobile))

  it('starts on the menu tab, with Delivery selected and the reservation widget visible', () => {
    keepMount($navigation)
    expect($navigation.get()).toMatchObject({
      selectedRestaurantTab: 'menu',
      selectedDeliveryType: 'Delivery',
      isReservationWidgetVisible: true,
      isModalOpen: false,
      isMenuDrawerOpen: false,
    })
  })

  it('follows the mobile flag and keeps the widget hidden once hidden', () => {
    keepMount($navigation)
    $isMobile.set(true)
    expect($navigation.get().isMobile).toBe(true)
    setReservationWidgetVisible(false)
    selectDeliveryType('Pickup')
    expect($navigation.get()).toMatchObject({ isReservationWidgetVisible: false, selectedDeliveryType: 'Pickup' })
  })
})
