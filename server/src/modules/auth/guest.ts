import { eq } from 'drizzle-orm'
import type { GuestSmsRequest, GuestVerifiedResponse, OtpSentResponse } from '@/shared/api/contracts/auth'
import { countryCodeFromMobile } from '@/shared/lib/phone/phone'
import type { Executor } from '../../db/executor'
import { customers } from '../../db/schema'
import type { SmsProvider } from '../../providers/sms'
import { latestGuest, markVerified, toCustomerDetails } from './accounts'
import { checkCode, otpInvalid, sendCode } from './otp.service'
import { signGuestToken } from './tokens'

type GuestInput = Omit<GuestSmsRequest, 'email'> & { email?: string }

/** POST /customer/sendSMS (docs/accounts.md "Guests"): the guest customer of that number, created or updated, and a 'guest' code. */
export async function sendGuestCode(db: Executor, otp: { secret: string; sms: SmsProvider }, request: GuestInput): Promise<OtpSentResponse> {
  const [firstName, ...rest] = request.fullName.split(/\s+/)
  const fields = {
    firstName: firstName!,
    lastName: rest.join(' '),
    mobilePhone: request.mobile,
    countryCode: countryCodeFromMobile(request.mobile),
    ...(request.email ? { email: request.email } : {}),
  }
  const guest = await latestGuest(db, request.mobile)
  if (guest) await db.update(customers).set({ ...fields, updatedAt: new Date() }).where(eq(customers.id, guest.id))
  else await db.insert(customers).values({ ...fields, isGuest: true })
  await sendCode(db, otp, request.mobile, 'guest')
  return { otpRequired: true, mobilePhone: request.mobile }
}

/** The code proves the number for this guest session only: the answer's guest token says so (docs/accounts.md "Guests"). */
export async function validateGuestCode(db: Executor, secret: string, mobile: string, code: string): Promise<GuestVerifiedResponse> {
  await checkCode(db, secret, mobile, 'guest', code)
  const guest = await latestGuest(db, mobile)
  if (!guest) throw otpInvalid()
  const verified = await markVerified(db, guest.id)
  const guestToken = await signGuestToken({ id: verified.id, phone: verified.mobilePhone }, secret)
  return { userId: verified.id, guest: true, guestToken, customerDetails: toCustomerDetails(verified) }
}
