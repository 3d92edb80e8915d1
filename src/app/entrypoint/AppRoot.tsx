import { useStore } from '@nanostores/react'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { clearCart } from '@/entities/cart'
import { $session, connectSession, restoreSession } from '@/entities/session'
import { onStorageWrite, secureStorage, STORAGE_KEYS } from '@/shared/lib/storage'
import { $online } from '@/shared/lib/viewport'
import { $persistReady, waitForPersistedState } from '@/shared/model'
import { $router, redirectTo } from '@/shared/routes'
import { showToast, Skeleton, Spinner, Toaster } from '@/shared/ui'
import { DemoMarker } from '@/widgets/site-header'
import { $activeTheme, applyTheme, rememberedTheme } from '../model/theme'
import { SCREENS, screenKeyOf } from '../routing/screens'
import { OfflineScreen } from '../gates/OfflineScreen'
import { ScreenErrorBoundary } from '../gates/ScreenErrorBoundary'

let sessionConnected = false

/**
 * Restores the stored session and connects it (the API's auth headers, the analytics identity), once
 * per page and before the first render: a screen's effects, and its first requests, run in the same
 * commit as the app's own (docs/app.md, "Session on load").
 */
function connectAppSession() {
  if (sessionConnected) return
  sessionConnected = true
  restoreSession()
  connectSession()
}

/**
 * What the first screen needs before React renders anything: the session connected, the persisted
 * root read and, online, the route's screen chunk fetched, so the app's first commit is the screen
 * itself rather than a spinner and then a skeleton (docs/app.md, "Start-up work"). A screen chunk
 * that fails here is left to the render, which shows the screen's load error with Retry.
 */
export async function prepareFirstScreen(): Promise<void> {
  connectAppSession()
  await waitForPersistedState()
  const page = $router.get()
  if (page && $online.get()) await SCREENS[page.route].preload().catch(() => undefined)
}

function useAppEffects() {
  const theme = useStore($activeTheme)
  useEffect(() => applyTheme(theme), [theme])
  useEffect(() => {
    // docs/app.md, "Context menus": right-click context menus are disabled.
    const block = (event: MouseEvent) => event.preventDefault()
    document.addEventListener('contextmenu', block)
    connectAppSession()
    // Signing out empties the cart of this tab too, not only the stored copy.
    const stopClearingCart = $session.listen((session, previous) => {
      if (session.status === 'guest' && previous && previous.status !== 'guest') clearCart()
    })
    return () => {
      document.removeEventListener('contextmenu', block)
      stopClearingCart()
    }
  }, [])
}

// The floating reservation status is code only a diner with a check-in or reservation needs: it is
// loaded once this device has stored one (at start, or when a check-in or booking stores it), so
// other screens do not carry it (docs/app.md, "Page weight").
const ReservationStatus = lazy(() => import('@/widgets/reservation-status').then((m) => ({ default: m.ReservationStatus })))

const hasStoredReservation = () => Boolean(secureStorage.get<string>(STORAGE_KEYS.checkInReservationId))

function LazyReservationStatus() {
  const [wanted, setWanted] = useState(hasStoredReservation)
  useEffect(() => {
    if (wanted) return
    return onStorageWrite((key) => {
      if (key === STORAGE_KEYS.checkInReservationId && hasStoredReservation()) setWanted(true)
    })
  }, [wanted])
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <ReservationStatus />
    </Suspense>
  )
}

function RouteView() {
  const page = useStore($router)
  useEffect(() => {
    if (!page) redirectTo('notFound')
  }, [page])
  if (!page) return null
  const Screen = SCREENS[page.route]
  return (
    <ScreenErrorBoundary resetKey={page.path}>
      <Suspense fallback={<Skeleton label="Loading" />}>
        <Screen key={screenKeyOf(page.route)} params={page.params as Record<string, string>} />
      </Suspense>
    </ScreenErrorBoundary>
  )
}

/** The client-only app: offline gate, persisted-state gate, theme, routes and toasts. Loaded by `App` once the stored values are decrypted. */
export function AppRoot() {
  const online = useStore($online)
  const persistReady = useStore($persistReady)
  useAppEffects()
  const wasOffline = useRef(false)
  useEffect(() => {
    if (!online) wasOffline.current = true
    else if (wasOffline.current) {
      wasOffline.current = false
      showToast('You are back online.', { tone: 'success' })
    }
  }, [online])
  // The Demo marker is the app's, above every screen: one place decides, whatever header a screen has.
  return (
    <>
      <DemoMarker />
      {!online ? <OfflineScreen /> : <AppScreens persistReady={persistReady} />}
    </>
  )
}

function AppScreens({ persistReady }: { persistReady: boolean }) {
  return (
    <>
      {persistReady ? <RouteView /> : <Spinner label="Loading" />}
      <LazyReservationStatus />
      <Toaster />
    </>
  )
}

if (typeof document !== 'undefined') applyTheme(rememberedTheme())
