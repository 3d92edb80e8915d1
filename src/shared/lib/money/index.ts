export { formatAmount, formatMoney, minorToMajor, truncateDecimals } from './money'
