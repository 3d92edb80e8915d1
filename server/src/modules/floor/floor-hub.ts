import type { AppDeps } from '../../deps'
import { createNotifyHub } from '../../lib/notify-hub'

/** The floor, live: every open floor stream is woken by NOTIFY 'floor' for its location (a waiter call or a support request changed). */
export const createFloorHub = (listen: AppDeps['listen'], log: Pick<Console, 'error'>) =>
  createNotifyHub({ listen, channels: ['floor'], keyField: 'locationId', log, what: 'The floor' })
