import { atom } from 'nanostores'
import { TOAST_SHELL_MS } from '../../config'

export type Toast = { id: number; message: string; tone: 'info' | 'success' | 'error' }

export const $toasts = atom<Toast[]>([])
let nextId = 1

/** Shows a toast; the shell's default lasts 3000 ms, flows pass TOAST_FLOW_MS (docs/menu.md "Toasts and the cart bar"). */
export function showToast(message: string, options: { tone?: Toast['tone']; durationMs?: number } = {}): number {
  const toast: Toast = { id: nextId++, message, tone: options.tone ?? 'info' }
  $toasts.set([...$toasts.get(), toast])
  setTimeout(() => dismissToast(toast.id), options.durationMs ?? TOAST_SHELL_MS)
  return toast.id
}

export function dismissToast(id: number): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id))
}
