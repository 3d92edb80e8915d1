import { useEffect, useRef, useState, type MouseEvent } from 'react'
import type { MenuGroup } from '@/entities/menu'
import css from './MenuPage.module.css'

const sectionId = (categoryId: string) => `category-${categoryId}`

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** The category being read: the first one crossing a band below the sticky bars, or the last at the page's end. */
function useCurrentCategory(categories: MenuGroup[], rendered: number): [string | null, (id: string) => void] {
  const [current, setCurrent] = useState<string | null>(categories[0]?.id ?? null)
  const ids = categories.map((category) => category.id).join(' ')

  useEffect(() => {
    const order = ids.split(' ').filter(Boolean)
    const crossing = new Set<string>()
    // Only a scroll reads the page's height (the observer's callback reuses what the last scroll
    // found): read there while the menu is still being built at start, it forced a layout of the
    // whole page (docs/app.md, "Start-up work").
    let atEnd = false
    const pick = () => {
      const id = atEnd ? order[order.length - 1] : order.find((candidate) => crossing.has(candidate))
      if (id) setCurrent(id)
    }
    const onScroll = () => {
      atEnd = window.scrollY > 0 && window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 4
      pick()
    }
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const id = (entry.target as HTMLElement).dataset.category!
          if (entry.isIntersecting) crossing.add(id)
          else crossing.delete(id)
        }
        pick()
      },
      { rootMargin: '-120px 0px -55% 0px' },
    )
    for (const id of order) {
      const section = document.getElementById(sectionId(id))
      if (section) observer.observe(section)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    setCurrent((previous) => (previous && order.includes(previous) ? previous : (order[0] ?? null)))
    return () => {
      observer.disconnect()
      window.removeEventListener('scroll', onScroll)
    }
    // Sections rendered later (the menu renders in steps) are observed once they are there.
  }, [ids, rendered])

  return [current, setCurrent]
}

type CategoryNavProps = {
  categories: MenuGroup[]
  /** How many of the categories are rendered yet (the menu renders in steps). */
  rendered?: number
  /** Renders every category now, before a jump to one not rendered yet. */
  onShowAll?: () => void
}

/** Sticky links to the categories; the one being read is marked and kept in view. */
export function CategoryNav({ categories, rendered = categories.length, onShowAll }: CategoryNavProps) {
  const [current, setCurrent] = useCurrentCategory(categories, rendered)
  const navRef = useRef<HTMLElement>(null)
  const mounted = useRef(false)

  useEffect(() => {
    // At mount the current category is the first (useCurrentCategory starts there) and the strip is
    // at its start, where centring that link leaves it: reading the links' offsets there forced a
    // layout of the whole menu inside its first render (docs/app.md, "Start-up work").
    if (!mounted.current) {
      mounted.current = true
      return
    }
    const nav = navRef.current
    const link = nav?.querySelector<HTMLElement>(`[data-category-link="${current}"]`)
    if (!nav || !link) return
    const behavior = reducedMotion() ? 'auto' : 'smooth'
    if (nav.scrollWidth > nav.clientWidth) nav.scrollTo({ left: link.offsetLeft - (nav.clientWidth - link.offsetWidth) / 2, behavior })
    if (nav.scrollHeight > nav.clientHeight) nav.scrollTo({ top: link.offsetTop - (nav.clientHeight - link.offsetHeight) / 2, behavior })
  }, [current])

  function open(event: MouseEvent<HTMLAnchorElement>, id: string) {
    event.preventDefault()
    if (!document.getElementById(sectionId(id))) onShowAll?.()
    const section = document.getElementById(sectionId(id))
    if (!section) return
    setCurrent(id)
    section.scrollIntoView({ behavior: reducedMotion() ? 'auto' : 'smooth', block: 'start' })
    section.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true })
  }

  return (
    <nav ref={navRef} className={css.categories} aria-label="Menu categories">
      <ul className={css.categoryList}>
        {categories.map((category) => (
          <li key={category.id}>
            <a
              href={`#${sectionId(category.id)}`}
              className={css.categoryLink}
              data-category-link={category.id}
              aria-current={category.id === current ? 'true' : undefined}
              onClick={(event) => open(event, category.id)}
            >
              {category.name}
              <span className={css.categoryCount} aria-hidden="true">
                {category.items.length}
              </span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
