export { fetchTable } from './api/table-api'
export { $tableRequest, resolveTable, TABLE_NOT_FOUND, TABLE_NOT_FOUND_HELP } from './model/table'
export { ScannedTableGate } from './ui/ScannedTableGate'
