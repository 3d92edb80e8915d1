import { menuPath, type MenuPlace, type MenuView } from '@/entities/menu'
import css from './MenuPage.module.css'

/** Menu | Info. Each tab is its own route, so a reload or a shared link keeps the tab. */
export function RestaurantTabs({ place, view, menuType }: { place: MenuPlace; view: MenuView; menuType: string | null }) {
  const menuView: MenuView = view === 'explore' ? 'explore' : 'menu'
  return (
    <nav className={css.tabs} aria-label="Restaurant sections">
      <a className={css.tab} href={menuPath(place, menuView, menuType)} aria-current={view !== 'info' ? 'page' : undefined}>
        Menu
      </a>
      <a className={css.tab} href={menuPath(place, 'info', menuType)} aria-current={view === 'info' ? 'page' : undefined}>
        Info
      </a>
    </nav>
  )
}
