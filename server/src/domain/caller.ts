/**
 * Who is asking, as the services see it: a signed-in customer, a guest whose phone was verified
 * in this session, or a member of a restaurant's staff. Routes build it from the request's
 * credentials; services decide from it what the caller may see and do (docs/accounts.md).
 */
export type Caller = {
  customerId?: string
  guest?: { id: string; phone: string }
  staff?: { id: string; locationId: string }
}
