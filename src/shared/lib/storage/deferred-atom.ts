import { atom, onMount, type WritableAtom } from 'nanostores'

type Codec<T> = { encode: (value: T) => string; decode: (stored: string) => T }

/** Writes waiting for the next paint, by key; flushed together (docs/app.md, "Start-up work"). */
const pending = new Map<string, () => void>()
let scheduled = false

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/** Writes every value still waiting, now. Runs by itself when the page is hidden or left. */
export function flushStoredWrites(): void {
  const writes = [...pending.values()]
  pending.clear()
  for (const write of writes) write()
}

function schedule() {
  if (scheduled) return
  scheduled = true
  const run = () => {
    scheduled = false
    flushStoredWrites()
  }
  // After the frame that answers the tap: requestAnimationFrame runs before its paint, the timeout after it.
  if (typeof requestAnimationFrame === 'function' && typeof document !== 'undefined' && document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(run, 0))
  else setTimeout(run, 0)
}

if (typeof window !== 'undefined') {
  // Nothing is lost when the tab is closed, hidden or navigated away from before the write ran.
  window.addEventListener('pagehide', flushStoredWrites)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushStoredWrites()
  })
}

/**
 * An atom kept in localStorage like @nanostores/persistent's persistentAtom (read at creation,
 * followed across tabs), but written after the next paint instead of inside the change: encrypting
 * and writing the cart's restaurant snapshot was part of every tap that changed it. The value in
 * memory changes at once; `flushStoredWrites` writes what is waiting.
 */
export function deferredPersistentAtom<T>(key: string, initial: T, { encode, decode }: Codec<T>): WritableAtom<T> {
  const stored = storage()?.getItem(key)
  const store = atom<T>(stored == null ? initial : decode(stored))
  const setNow = store.set.bind(store)
  store.set = (value: T) => {
    pending.set(key, () => storage()?.setItem(key, encode(value)))
    schedule()
    setNow(value)
  }
  // Another tab's write (or a cleared storage) wins over one still waiting here.
  const listener = (event: StorageEvent) => {
    if (event.key !== key && event.key !== null) return
    pending.delete(key)
    setNow(event.newValue == null || event.key === null ? initial : decode(event.newValue))
  }
  onMount(store, () => {
    if (typeof window === 'undefined') return
    window.addEventListener('storage', listener)
    return () => window.removeEventListener('storage', listener)
  })
  return store
}
