export { AlertSettings } from './components/alert-settings'
export { SaveSearch } from './components/save-search'
export { UnsubscribeResult } from './components/unsubscribe-result'
