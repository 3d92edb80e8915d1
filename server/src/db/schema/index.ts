// The database schema, one file per domain; `from '…/db/schema'` reaches every table through here,
// and drizzle.config.ts generates the migrations from this file. A file imports only the files
// above it in this list, so the schema has no import cycle.
export * from './catalog'
export * from './identity'
export * from './tables'
export * from './ordering'
export * from './payments'
export * from './offers'
export * from './reservations'
export * from './dine-in'
export * from './delivery'
export * from './engagement'
export * from './operations'
export * from './kitchen'
