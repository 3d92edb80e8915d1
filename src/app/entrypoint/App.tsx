import { lazy, Suspense } from 'react'
import { warmStoredValues } from '@/shared/lib/storage'
import { Spinner } from '@/shared/ui'

/**
 * The app's stores read the stored values synchronously when their modules are evaluated (session,
 * cart, persisted root), so the app's modules are imported only once the browser's AES has
 * decrypted those values: crypto-js's pure-JS AES over them was a large part of the cart's and
 * checkout's start (docs/app.md, "Start-up work"). The session, the persisted root and the first
 * screen's chunk are then made ready, so that the first commit is the screen.
 */
async function loadAppRoot() {
  try {
    await warmStoredValues()
    const { AppRoot, prepareFirstScreen } = await import('./AppRoot')
    await prepareFirstScreen()
    return { default: AppRoot }
  } catch (error) {
    // The same load error with Retry as a failed entry chunk (app/layouts/AppShell.astro), never a blank page.
    document.dispatchEvent(new Event('astro:hydration-error'))
    throw error
  }
}

const AppRootPart = lazy(loadAppRoot)

/** The client-only app (the island of app/layouts/AppShell.astro). */
export function App() {
  return (
    <Suspense fallback={<Spinner label="Loading" />}>
      <AppRootPart />
    </Suspense>
  )
}
