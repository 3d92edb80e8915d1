export { $payment, hasUncollectedHold, PAY_AT_RESTAURANT, resetPayment } from './model/pay-order'
export type { PaymentResult } from './api/payments'
export { CancelOrder } from './ui/CancelOrder'
export { PaymentStep } from './ui/PaymentStep'
