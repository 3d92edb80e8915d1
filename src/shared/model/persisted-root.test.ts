// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { decryptValue, flushStoredWrites, STORAGE_KEYS } from '../lib/storage'
import { $persistedRoot, $persistReady, updatePersistedRoot, waitForPersistedState } from './persisted-root'

describe('persisted root (docs/app.md, "Stored in the browser")', () => {
  it('keeps only restaurant details, tableId and eventDate, encrypted', () => {
    const restaurant = { id: 'loc-1', branchName: 'SoMa' } as never
    updatePersistedRoot({ restaurant, tableId: 't-4', eventDate: '2026-12-24' })
    flushStoredWrites()
    const stored = localStorage.getItem(STORAGE_KEYS.persistedRoot)!
    expect(stored).toMatch(/^U2FsdGVkX1/)
    expect(stored).not.toContain('SoMa')
    const decoded = decryptValue<Record<string, unknown>>(stored)!
    expect(Object.keys(decoded).sort()).toEqual(['eventDate', 'restaurant', 'tableId'])
    expect(decoded.tableId).toBe('t-4')
  })

  it('lets the app show content once persisted state is loaded', async () => {
    expect($persistReady.get()).toBe(false)
    await waitForPersistedState()
    expect($persistReady.get()).toBe(true)
    expect($persistedRoot.get().eventDate).toBe('2026-12-24')
  })
})
