export { $payment, PAY_AT_RESTAURANT, resetPayment } from './model/pay-order'
export type { PaymentResult } from './api/payments'
export { PaymentStep } from './ui/PaymentStep'
