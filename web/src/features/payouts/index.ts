export { PayoutSettings } from './components/payout-settings'
export { FreelancerEarnings } from './components/freelancer-earnings'
export { usePayouts } from './api/get-payouts'
