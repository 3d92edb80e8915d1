export { $cancelOrder, $payment, cancelUnpaidOrder, hasUncollectedHold, PAY_AT_RESTAURANT, resetCancelOrder, resetPayment } from './model/pay-order'
export type { PaymentResult } from './api/payments'
export { CancelOrder } from './ui/CancelOrder'
export { PaymentStep } from './ui/PaymentStep'
