import { and, eq, ne } from 'drizzle-orm'
import type { OtpSentResponse, VerifyOtpResponse } from '@/shared/api/contracts/auth'
import { countryCodeFromMobile } from '@/shared/lib/phone/phone'
import type { Executor } from '../../db/executor'
import { customers } from '../../db/schema'
import { ApiError } from '../../lib/errors'
import type { SmsProvider } from '../../providers/sms'
import { latestGuest, markVerified, registered, toCustomerDetails } from './accounts'
import { checkCode, sendCode } from './otp.service'

/** Mobile verification: no code is needed for the signed-in customer's own verified number. */
export async function requestMobileCode(
  db: Executor,
  otp: { secret: string; sms: SmsProvider },
  mobilePhone: string,
  customerId: string | undefined,
): Promise<OtpSentResponse> {
  if (customerId) {
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
    if (customer?.mobilePhone === mobilePhone && customer.mobileVerifiedAt) return { otpRequired: false, mobilePhone }
  }
  await sendCode(db, otp, mobilePhone, 'mobile')
  return { otpRequired: true, mobilePhone }
}

/** A signed-in customer's number becomes the verified one; otherwise the number's own customer is verified. */
export async function verifyMobileCode(
  db: Executor,
  secret: string,
  mobilePhone: string,
  code: string,
  customerId: string | undefined,
): Promise<VerifyOtpResponse> {
  await checkCode(db, secret, mobilePhone, 'mobile', code)
  if (customerId) {
    const [other] = await db.select({ id: customers.id }).from(customers).where(and(registered(mobilePhone), ne(customers.id, customerId)))
    if (other) throw new ApiError(409, 'mobile_registered', 'This mobile number belongs to another account.')
    const [customer] = await db
      .update(customers)
      .set({ mobilePhone, countryCode: countryCodeFromMobile(mobilePhone), mobileVerifiedAt: new Date(), updatedAt: new Date() })
      .where(eq(customers.id, customerId))
      .returning()
    if (!customer) throw new ApiError(401, 'unauthenticated', 'Please sign in to continue.')
    return { verified: true, customerDetails: toCustomerDetails(customer) }
  }
  const [account] = await db.select().from(customers).where(registered(mobilePhone))
  const customer = account ?? (await latestGuest(db, mobilePhone))
  return { verified: true, customerDetails: customer ? toCustomerDetails(await markVerified(db, customer.id)) : null }
}
