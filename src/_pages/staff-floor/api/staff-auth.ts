/** Placeholder until the staff session lands: the staff token's header. */
export const staffCallHeaders = (): Record<string, string> => ({})

import { openEventStream } from '@/shared/api'

/** Placeholder until the staff stream helper lands. */
export const openStaffStream = (path: string, onEvent: (event: { event: string; data: string }) => void, onClosed: (status: number | null) => void) =>
  openEventStream(path, { onEvent, onClosed })
