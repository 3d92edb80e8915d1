/** An instant on the restaurant's wall clock, which is what a receipt shows wherever the diner is. */
export function formatRestaurantTime(iso: string, timeZone: string): string {
  const fields = { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const
  return new Intl.DateTimeFormat(undefined, { ...fields, timeZone }).format(new Date(iso))
}

/** The short number a diner reads out at the counter: the first 8 characters of the order id. */
export const orderNumber = (orderId: string) => orderId.slice(0, 8).toUpperCase()

/** "Visa •••• 4242", or the card brand alone, or "Card". */
export function cardName(brand: string | null, last4: string | null): string {
  const name = brand ?? 'Card'
  return last4 ? `${name} •••• ${last4}` : name
}
