export { decryptValue, encryptValue, removeUnreadableValues, secureStorage, STORAGE_KEYS } from './storage'
export type { StorageKey } from './storage'
