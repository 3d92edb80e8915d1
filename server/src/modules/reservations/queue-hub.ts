import type { AppDeps } from '../../deps'
import { createNotifyHub } from '../../lib/notify-hub'

/** The live queue: every open reservation stream is woken by NOTIFY 'waitlist' for its location. */
export const createQueueHub = (listen: AppDeps['listen'], log: Pick<Console, 'error'>) =>
  createNotifyHub({ listen, channels: ['waitlist'], keyField: 'locationId', log, what: 'The live queue' })

export type QueueHub = ReturnType<typeof createQueueHub>
