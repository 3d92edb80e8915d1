/** The kitchen display's constants, without zod, for the web app (docs/kitchen.md). */

/** How long a bump can be undone, in seconds (docs/kitchen.md "Bump and undo"). */
export const UNDO_SECONDS = 10

/** The board's columns, in order; a tab's ticket shows in the column of its own status. */
export const KITCHEN_COLUMNS = ['new', 'accepted', 'in_progress', 'ready', 'out_for_delivery'] as const
export type KitchenColumn = (typeof KITCHEN_COLUMNS)[number]

export const KITCHEN_COLUMN_LABELS: Record<KitchenColumn, string> = {
  new: 'New',
  accepted: 'Accepted',
  in_progress: 'In progress',
  ready: 'Ready',
  out_for_delivery: 'Out for delivery',
}
