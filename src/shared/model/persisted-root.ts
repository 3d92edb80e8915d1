import { atom } from 'nanostores'
import type { RestaurantDetail } from '../api/contracts/merchants'
import { PERSIST_TIMEOUT_MS } from '../config'
import { decryptValue, deferredPersistentAtom, encryptValue, encryptValueAsync, STORAGE_KEYS } from '../lib/storage'

/** docs/app.md, "Stored in the browser": only restaurant details, tableId and eventDate survive a reload. */
export type PersistedRoot = {
  restaurant: RestaurantDetail | null
  tableId: string | null
  eventDate: string | null
}

const emptyRoot: PersistedRoot = { restaurant: null, tableId: null, eventDate: null }

// Written after the next paint, like the cart (docs/app.md, "Start-up work").
export const $persistedRoot = deferredPersistentAtom<PersistedRoot>(STORAGE_KEYS.persistedRoot, emptyRoot, {
  encode: (value) => encryptValue(value),
  encodeAsync: (value) => encryptValueAsync(value),
  decode: (stored) => ({ ...emptyRoot, ...decryptValue<Partial<PersistedRoot>>(stored) }),
})

export function updatePersistedRoot(patch: Partial<PersistedRoot>): void {
  $persistedRoot.set({ ...$persistedRoot.get(), ...patch })
}

/** True once persisted state is loaded, or once PERSIST_TIMEOUT_MS has passed without it. */
export const $persistReady = atom(false)

/** Resolves when the persisted root has been read (or after 5000 ms: docs/app.md, "Stored in the browser"). */
export function waitForPersistedState(timeoutMs = PERSIST_TIMEOUT_MS): Promise<void> {
  if ($persistReady.get()) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(finish, timeoutMs)
    function finish() {
      clearTimeout(timer)
      $persistReady.set(true)
      resolve()
    }
    // Reading the store makes the engine decode it from storage; a corrupt value decodes to empty.
    queueMicrotask(() => {
      $persistedRoot.get()
      finish()
    })
  })
}
