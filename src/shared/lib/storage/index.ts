export { decryptValue, encryptValue, secureStorage, STORAGE_KEYS } from './storage'
export type { StorageKey } from './storage'
