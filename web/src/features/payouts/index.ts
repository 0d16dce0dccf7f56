export { PayoutSettings } from './components/payout-settings'
