import type { Database } from './client'

/** An open transaction of the application's database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/**
 * What a query runs on: the database itself (each statement on its own) or a transaction the
 * caller opened. Functions that only read or write take an Executor, so the caller decides
 * whether they join a larger unit of work.
 */
export type Executor = Database | Transaction
