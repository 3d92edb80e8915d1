import { computed } from 'nanostores'
import { $currentRestaurant, resolveTheme } from '@/entities/restaurant'
import type { Theme } from '@/shared/api'
import { secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { $router } from '@/shared/routes'

const MERCHANT_PARAMS = ['merchantSlug', 'restaurantSlug', 'tableId']
/** Screens of the current restaurant whose path does not name it. */
const RESTAURANT_SCREENS = new Set(['itemDetail'])

/** The merchant's theme on that merchant's screens; the platform's default colours elsewhere. */
export const $activeTheme = computed([$router, $currentRestaurant], (page, restaurant): Theme => {
  const onMerchantScreen = Boolean(
    page && ((MERCHANT_PARAMS.some((name) => name in page.params) && page.route !== 'merchantHome') || RESTAURANT_SCREENS.has(page.route)),
  )
  if (!onMerchantScreen || !restaurant) return resolveTheme(null)
  const params = (page?.params ?? {}) as Record<string, string | undefined>
  const slug = params.merchantSlug ?? params.restaurantSlug
  const matches = !slug || slug === restaurant.locationSlug || slug === restaurant.merchantSlug
  return resolveTheme(matches ? restaurant : null)
})

/**
 * Applies the theme as CSS custom properties and remembers it under the theme storage key; the
 * theme already remembered (the default one when none is) is not encrypted and written again
 * (docs/app.md, "Start-up work").
 */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.style.setProperty('--tf-primary', theme.primaryColor)
  root.style.setProperty('--tf-on-primary', theme.textColor)
  if (JSON.stringify(rememberedTheme()) !== JSON.stringify(theme)) secureStorage.set(STORAGE_KEYS.theme, theme)
}

/** The theme remembered from the last visit, painted before anything loads. */
export function rememberedTheme(): Theme {
  return resolveTheme({ theme: secureStorage.get<Theme>(STORAGE_KEYS.theme) })
}
