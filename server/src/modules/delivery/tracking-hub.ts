import type { AppDeps } from '../../deps'
import { createNotifyHub } from '../../lib/notify-hub'

/** Live tracking: every open tracker is woken by the kitchen's and the courier's NOTIFYs naming its order. */
export const createTrackingHub = (listen: AppDeps['listen'], log: Pick<Console, 'error'>) =>
  createNotifyHub({ listen, channels: ['order_status', 'courier'], keyField: 'orderId', log, what: 'Live tracking' })
