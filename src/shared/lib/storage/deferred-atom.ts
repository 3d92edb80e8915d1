import { atom, onMount, type WritableAtom } from 'nanostores'

/** How a value is stored: `encodeAsync`, when there is one, is taken for a deferred write (WebCrypto), `encode` when it must be written at once. */
type Codec<T> = { encode: (value: T) => string; decode: (stored: string) => T; encodeAsync?: (value: T) => Promise<string> }

/** A value waiting to be written: now (synchronously), or later, once its asynchronous encoding is done. */
type PendingWrite = { now: () => void; later?: () => Promise<string>; started: boolean }

/** Writes waiting for the next paint, by key; flushed together (docs/app.md, "Start-up work"). */
const pending = new Map<string, PendingWrite>()
let scheduled = false

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/**
 * Writes every value still waiting, now, with the synchronous encoding; an asynchronous one still
 * running for it is dropped when it ends. Runs by itself when the page is hidden or left.
 */
export function flushStoredWrites(): void {
  const writes = [...pending.values()]
  pending.clear()
  for (const write of writes) write.now()
}

/** After the paint: each waiting value is encoded asynchronously where it can be, and written if nothing replaced it meanwhile. */
function writeWaiting() {
  for (const [key, write] of [...pending]) {
    if (!write.later) {
      pending.delete(key)
      write.now()
      continue
    }
    if (write.started) continue
    write.started = true
    const current = () => pending.get(key) === write
    write.later().then(
      (stored) => {
        if (!current()) return
        pending.delete(key)
        storage()?.setItem(key, stored)
      },
      () => {
        if (!current()) return
        pending.delete(key)
        write.now()
      },
    )
  }
}

function schedule() {
  if (scheduled) return
  scheduled = true
  const run = () => {
    scheduled = false
    writeWaiting()
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
export function deferredPersistentAtom<T>(key: string, initial: T, { encode, decode, encodeAsync }: Codec<T>): WritableAtom<T> {
  const stored = storage()?.getItem(key)
  const store = atom<T>(stored == null ? initial : decode(stored))
  const setNow = store.set.bind(store)
  store.set = (value: T) => {
    pending.set(key, { now: () => storage()?.setItem(key, encode(value)), later: encodeAsync && (() => encodeAsync(value)), started: false })
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
