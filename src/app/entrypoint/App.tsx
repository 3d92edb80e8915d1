import { useStore } from '@nanostores/react'
import { Suspense, useEffect, useRef } from 'react'
import { clearCart } from '@/entities/cart'
import { $session, connectSession, restoreSession } from '@/entities/session'
import { $online } from '@/shared/lib/viewport'
import { $persistReady, waitForPersistedState } from '@/shared/model'
import { $router, redirectTo } from '@/shared/routes'
import { showToast, Skeleton, Spinner, Toaster } from '@/shared/ui'
import { ReservationStatus } from '@/widgets/reservation-status'
import { DemoMarker } from '@/widgets/site-header'
import { $activeTheme, applyTheme, rememberedTheme } from '../model/theme'
import { SCREENS } from '../routing/screens'
import { OfflineScreen } from '../gates/OfflineScreen'
import { ScreenErrorBoundary } from '../gates/ScreenErrorBoundary'

function useAppEffects() {
  const theme = useStore($activeTheme)
  useEffect(() => applyTheme(theme), [theme])
  useEffect(() => {
    // docs/app.md, "Context menus": right-click context menus are disabled.
    const block = (event: MouseEvent) => event.preventDefault()
    document.addEventListener('contextmenu', block)
    // docs/app.md, "Session on load": restored from the stored values on load.
    restoreSession()
    const disconnectSession = connectSession()
    // Signing out empties the cart of this tab too, not only the stored copy.
    const stopClearingCart = $session.listen((session, previous) => {
      if (session.status === 'guest' && previous && previous.status !== 'guest') clearCart()
    })
    void waitForPersistedState()
    return () => {
      document.removeEventListener('contextmenu', block)
      disconnectSession()
      stopClearingCart()
    }
  }, [])
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
        <Screen key={page.route} params={page.params as Record<string, string>} />
      </Suspense>
    </ScreenErrorBoundary>
  )
}

/** The client-only app: offline gate, persisted-state gate, theme, routes and toasts. */
export function App() {
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
      <ReservationStatus />
      <Toaster />
    </>
  )
}

if (typeof document !== 'undefined') applyTheme(rememberedTheme())
