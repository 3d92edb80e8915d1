export { $couponRequest, applyCoupon, COUPON_FAILED, removeCoupon } from './model/apply-offer'
export { ApplyOfferForm } from './ui/ApplyOfferForm'
