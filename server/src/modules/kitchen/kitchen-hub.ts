import type { AppDeps } from '../../deps'
import { createNotifyHub } from '../../lib/notify-hub'
import { KITCHEN_CHANNEL } from './stock'

/**
 * The kitchen display's live board: woken by every order change at the location ('order_status',
 * which names the location) and by stock and pause changes ('kitchen'), docs/kitchen.md "Live".
 */
export const createKitchenHub = (listen: AppDeps['listen'], log: Pick<Console, 'error'>) =>
  createNotifyHub({ listen, channels: ['order_status', KITCHEN_CHANNEL], keyField: 'locationId', log, what: 'The kitchen display' })
