import { call } from '@/shared/api'

/** Which restaurant and table a QR code's table id belongs to. */
export const fetchTable = (tableId: string) => call('POST /merchants/tables/v2', { body: { tableId }, encrypted: true })
