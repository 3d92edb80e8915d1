import { useStore } from '@nanostores/react'
import { Suspense, useEffect } from 'react'
import { lazyPart } from '@/shared/lib/lazy'
import { $isMobile } from '@/shared/lib/viewport'
import { $router, pathTo, redirectTo, redirectToPath, type RouteName } from '@/shared/routes'
import { Spinner } from '@/shared/ui'
import { SiteHeader } from '@/widgets/site-header'
import { DEFAULT_SECTION, MENU, sectionNamed, sectionOfRoute, type Section } from '../config/sections'
import { useSignedInCustomer } from '../model/signed-in'
import css from './Account.module.css'
import { SectionSkeleton } from './SectionSkeleton'

// Each section is its own chunk, loaded when shown: the first load of /account carries only the
// menu and the section on screen, not the map, the card form or the order history (docs/decisions.md "JS budgets").
const ProfileSection = lazyPart(() => import('./ProfileSection').then((module) => module.ProfileSection))
const FavoritesSection = lazyPart(() => import('./FavoritesSection').then((module) => module.FavoritesSection))
const AddressSection = lazyPart(() => import('./AddressSection').then((module) => module.AddressSection))
const CardsSection = lazyPart(() => import('./CardsSection').then((module) => module.CardsSection))
const OrdersSection = lazyPart(() => import('./OrdersSection').then((module) => module.OrdersSection))
const SupportSection = lazyPart(() => import('./SupportSection').then((module) => module.SupportSection))
const PoliciesIndex = lazyPart(() => import('./PolicyDocuments').then((module) => module.PoliciesIndex))
const TermsDocument = lazyPart(() => import('./PolicyDocuments').then((module) => module.TermsDocument))
const CancellationDocument = lazyPart(() => import('./PolicyDocuments').then((module) => module.CancellationDocument))
const PrivacyDocument = lazyPart(() => import('./PolicyDocuments').then((module) => module.PrivacyDocument))
const FaqDocument = lazyPart(() => import('./PolicyDocuments').then((module) => module.FaqDocument))

const ACCOUNT_ROUTES: readonly RouteName[] = ['account', 'accountSection', 'accountOrder']

/** Where a section lives: under /account on desktop, its own top-level path on mobile (docs/routes.md). */
export const sectionPath = (section: Section, mobile: boolean) =>
  mobile ? pathTo(section.mobileRoute) : pathTo('accountSection', { name: section.key })

/**
 * Every account route: /account, /account/{name}, /account/{name}/{orderId}, the mobile-only
 * pages (on desktop they move to /account/{name}) and a merchant's /PrivacyPolicy.
 */
export function AccountPage({ params }: { params: Record<string, string> }) {
  const page = useStore($router)
  const mobile = useStore($isMobile)
  const route = page?.route ?? 'account'
  const onAccountRoute = ACCOUNT_ROUTES.includes(route)
  const named = onAccountRoute ? sectionNamed(params.name) : sectionOfRoute(route)
  const unknown = route !== 'account' && !named
  const mobileOnly = !onAccountRoute && route !== 'privacyPolicy'
  const section = named ?? (mobile ? undefined : DEFAULT_SECTION)
  const customerId = useSignedInCustomer(!unknown && !section?.isPublic)

  useEffect(() => {
    if (unknown) redirectTo('notFound')
    else if (mobileOnly && !mobile && named) redirectToPath(sectionPath(named, false))
  }, [unknown, mobileOnly, mobile, named])

  // A mobile-only path on desktop shows its section at once while the address moves to
  // /account/{name}: the same screen (one key, app/routing/screens), so nothing remounts.
  if (unknown) return <Spinner label="Opening your account" />

  // The account's list of sections is a page of its own on mobile.
  if (mobile && !section) {
    return (
      <>
        <SiteHeader />
        <main className={css.mobilePage}>
          <h1 className={css.title}>Your account</h1>
          <nav aria-label="Account sections">
            <ul className={css.list}>
              {MENU.map((entry) => (
                <li key={entry.key} className={css.row}>
                  <a className={css.rowLink} href={sectionPath(entry, true)}>
                    <strong>{entry.menuLabel}</strong>
                    <span aria-hidden="true">›</span>
                  </a>
                </li>
              ))}
              <li className={css.row}>
                <a className={css.rowLink} href={pathTo('offers')}>
                  <strong>Offers</strong>
                  <span aria-hidden="true">›</span>
                </a>
              </li>
            </ul>
          </nav>
        </main>
      </>
    )
  }

  // A section is one tree at both widths, the desktop's menu and headings left out on mobile: a
  // window resized or a tablet turned across the mobile width keeps the section mounted, with a
  // form half typed (docs/app.md, "Mobile and desktop").
  const current = section ?? DEFAULT_SECTION
  const backTo = current.menuKey === current.key ? (mobile ? { href: pathTo('account'), label: 'Your account' } : undefined) : { href: sectionPath(sectionNamed(current.menuKey)!, mobile), label: 'Policies' }
  return (
    <>
      <SiteHeader />
      <div className={mobile ? css.mobilePage : css.desktopPage}>
        {mobile ? null : <h1 className={css.title}>Your account</h1>}
        <div className={mobile ? undefined : css.columns}>
          {mobile ? null : (
            <nav aria-label="Account" className={css.menu}>
              <ul>
                {MENU.map((entry) => (
                  <li key={entry.key}>
                    <a href={sectionPath(entry, false)} aria-current={entry.key === current.menuKey ? 'page' : undefined}>
                      {entry.menuLabel}
                    </a>
                  </li>
                ))}
                {/* Offers has its own screen (/offers), listed here where diners look for it. */}
                <li>
                  <a href={pathTo('offers')}>Offers</a>
                </li>
              </ul>
            </nav>
          )}
          <main className={mobile ? undefined : css.section} aria-labelledby="account-section-title">
            {backTo && (
              <a className={css.back} href={backTo.href}>
                <span aria-hidden="true">←</span> {backTo.label}
              </a>
            )}
            {mobile ? (
              <h1 id="account-section-title" className={css.title}>
                {current.title}
              </h1>
            ) : (
              <h2 id="account-section-title" className={css.sectionTitle}>
                {current.title}
              </h2>
            )}
            <SectionContent section={current} customerId={customerId} orderId={params.orderId} mobile={mobile} />
          </main>
        </div>
      </div>
    </>
  )
}

type SectionProps = { section: Section; customerId: string | null; orderId?: string; mobile: boolean }

/** The section, its skeleton while its chunk loads. */
function SectionContent(props: SectionProps) {
  return (
    <Suspense key={props.section.key} fallback={<SectionSkeleton label={`Loading ${props.section.title.toLowerCase()}`} />}>
      <LoadedSection {...props} />
    </Suspense>
  )
}

function LoadedSection({ section, customerId, orderId, mobile }: SectionProps) {
  switch (section.key) {
    case 'policies': {
      const link = (name: string) => sectionPath(sectionNamed(name)!, mobile)
      return <PoliciesIndex links={{ terms: link('terms'), cancellation: link('CancellationPolicy'), privacy: link('PrivacyPolicy') }} />
    }
    case 'terms':
      return <TermsDocument />
    case 'CancellationPolicy':
      return <CancellationDocument />
    case 'PrivacyPolicy':
      return <PrivacyDocument />
    case 'FAQ':
      return <FaqDocument />
    default:
  }
  if (!customerId) return <Spinner label="Taking you to sign in" />
  switch (section.key) {
    case 'Profile':
      return <ProfileSection customerId={customerId} />
    case 'Favorites':
      return <FavoritesSection customerId={customerId} />
    case 'DeliveryAddress':
      return <AddressSection customerId={customerId} />
    case 'Cards':
      return <CardsSection customerId={customerId} />
    case 'MyOrders':
      return <OrdersSection customerId={customerId} highlightId={orderId} />
    case 'Support':
      return <SupportSection customerId={customerId} />
    default:
      return null
  }
}
