export { decryptValue, encryptValue, encryptValueAsync, onStorageWrite, removeUnreadableValues, secureStorage, STORAGE_KEYS, warmStoredValues } from './storage'
export type { StorageKey } from './storage'
export { deferredPersistentAtom, flushStoredWrites } from './deferred-atom'
