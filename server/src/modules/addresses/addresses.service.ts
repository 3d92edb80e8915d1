import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type {
  Address,
  AddressCreateRequest,
  AddressDeleteResponse,
  AddressTag,
  AddressUpdateRequest,
} from '@/shared/api/contracts/account'
import { addresses } from '../../db/schema'
import { ApiError, notFound } from '../../lib/errors'
import type { Executor } from '../../db/executor'

type AddressRow = typeof addresses.$inferSelect
const toAddress = (row: AddressRow): Address => ({
  id: row.id,
  customerId: row.customerId,
  tag: row.tag as AddressTag,
  customTag: row.customTag,
  addressLine1: row.addressLine1,
  addressLine2: row.addressLine2,
  addressLine3: row.addressLine3,
  lat: row.lat,
  lng: row.lng,
  isSelected: row.isSelected,
  createdAt: row.createdAt.toISOString(),
})

const newestFirst = [desc(addresses.createdAt), desc(addresses.id)]

// Delivery addresses (docs/checkout.md, "Addresses"): at most one selected per customer; every call checks ownership.

/** Selects one address and unselects the others in one statement, so no reader sees two. */
const selectOnly = (tx: Executor, customerId: string, addressId: string) =>
  tx
    .update(addresses)
    .set({ isSelected: sql`${addresses.id} = ${addressId}` })
    .where(eq(addresses.customerId, customerId))

async function owned(tx: Executor, customerId: string, addressId: string): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.customerId, customerId)))
  if (!row) throw notFound('The address')
  return row
}

export const listAddresses = async (db: Executor, customerId: string): Promise<Address[]> =>
  (await db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(...newestFirst)).map(toAddress)

/** The first address of a customer, or one sent with `isSelected: true`, becomes the selected one. */
export async function addAddress(db: Executor, customerId: string, request: Omit<AddressCreateRequest, 'customerId'>): Promise<Address> {
  return db.transaction(async (tx) => {
    // Serialises two first addresses of one customer added at the same moment.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${customerId}))`)
    const [existing] = await tx.select({ id: addresses.id }).from(addresses).where(eq(addresses.customerId, customerId)).limit(1)
    const [row] = await tx
      .insert(addresses)
      .values({
        customerId,
        tag: request.tag,
        customTag: request.tag === 'Custom' ? (request.customTag ?? null) : null,
        addressLine1: request.addressLine1,
        addressLine2: request.addressLine2 ?? '',
        addressLine3: request.addressLine3 ?? '',
        lat: request.lat,
        lng: request.lng,
      })
      .returning()
    if (!existing || request.isSelected) await selectOnly(tx, customerId, row!.id)
    return toAddress(await owned(tx, customerId, row!.id))
  })
}

export async function editAddress(db: Executor, customerId: string, addressId: string, request: Omit<AddressUpdateRequest, 'customerId'>): Promise<Address> {
  return db.transaction(async (tx) => {
    const current = await owned(tx, customerId, addressId)
    const { isSelected, ...fields } = request
    const tag = fields.tag ?? (current.tag as AddressTag)
    if (tag === 'Custom' && !(fields.customTag ?? current.customTag)) {
      throw new ApiError(400, 'invalid_request', 'Invalid request: customTag must be given when tag is Custom.')
    }
    await tx
      .update(addresses)
      .set({
        ...fields,
        customTag: tag === 'Custom' ? (fields.customTag ?? current.customTag) : null,
        updatedAt: new Date(),
      })
      .where(eq(addresses.id, addressId))
    if (isSelected === true) await selectOnly(tx, customerId, addressId)
    if (isSelected === false) await tx.update(addresses).set({ isSelected: false }).where(eq(addresses.id, addressId))
    return toAddress(await owned(tx, customerId, addressId))
  })
}

/** The address leaves the list (docs/api.md, "addresses"); if it was selected, the newest remaining one is selected. */
export async function removeAddress(db: Executor, customerId: string, addressId: string): Promise<AddressDeleteResponse> {
  return db.transaction(async (tx) => {
    const removed = await owned(tx, customerId, addressId)
    await tx.delete(addresses).where(eq(addresses.id, addressId))
    const [selected] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.customerId, customerId), eq(addresses.isSelected, true), ne(addresses.id, addressId)))
    if (selected || !removed.isSelected) return { removed: true, selectedAddressId: selected?.id ?? null }
    const [next] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.customerId, customerId))
      .orderBy(...newestFirst)
      .limit(1)
    if (next) await selectOnly(tx, customerId, next.id)
    return { removed: true, selectedAddressId: next?.id ?? null }
  })
}
