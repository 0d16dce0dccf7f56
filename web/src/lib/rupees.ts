import { formatRupees } from '@common/money'
import { getLanguage, type Language } from '@/i18n'
import { formatMoney } from '@/i18n/format'

/**
 * Rupees on the money screens (docs/decisions/075-money-screens-rupees.md): English keeps the figures the spec and
 * the tests fix, with paise always written (₹800.00, ₹1,50,000.00); Hindi reads them as `format.ts` writes money
 * everywhere else (₹1,50,000, ₹1,500.50). Both group in lakhs and crores.
 */
export function rupees(amount: number, language: Language = getLanguage()): string {
  return language === 'en-IN' ? formatRupees(amount) : formatMoney(amount, language)
}
