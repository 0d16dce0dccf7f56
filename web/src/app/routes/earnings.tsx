import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { DocumentsList, useDocuments } from '@/features/documents'
import { ClientMoney, useMyContracts } from '@/features/payments'
import { FreelancerEarnings, usePayouts } from '@/features/payouts'
import { useT } from '@/i18n'
import { useAuth } from '@/lib/auth'
import { isFinancialYear } from '@common/financial-year'
import { chosenFinancialYear, financialYearChoices } from '@/lib/financial-years'

// A chevron for the native select (kept native: right on phones, keyboard and screen readers for free).
const chevron = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%2364748b' stroke-width='2' stroke-linecap='round' stroke-linejoin='round'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`

function YearPicker({
  year,
  choices,
  onChange,
}: {
  year: string
  choices: string[]
  onChange: (year: string) => void
}) {
  const id = useId()
  const t = useT()
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {t('money.earnings.financialYear')}
      </label>
      <select
        id={id}
        value={year}
        onChange={(e) => onChange(e.target.value)}
        title={
          isFinancialYear(year)
            ? t('money.earnings.yearSpan', {
                from: year.slice(0, 4),
                to: String(Number(year.slice(0, 4)) + 1),
              })
            : year
        }
        style={{ backgroundImage: chevron }}
        className="h-9 appearance-none rounded-full border border-input bg-background bg-[length:16px] bg-[right_0.6rem_center] bg-no-repeat py-0 pr-8 pl-3 text-sm font-medium text-slate-800 tabular-nums shadow-xs outline-none hover:bg-muted focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25"
      >
        {choices.map((fy) => (
          <option key={fy} value={fy}>
            {t('money.earnings.yearOption', { year: fy })}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * /earnings — the signed-in user's money for one financial year (ADR 050): as a freelancer, what waits for payout,
 * is on its way and is paid, with fees and taxes; as a client, each hire's funding, releases and refunds; and the
 * year's documents. Guarded by RequireAuth in the router.
 */
export function Component() {
  const { user } = useAuth()
  const t = useT()
  const [params, setParams] = useSearchParams()
  const year = chosenFinancialYear(params.get('year'))
  const documents = useDocuments(year)
  const payouts = usePayouts()
  const contracts = useMyContracts()
  const choices = financialYearChoices(documents.data?.years ?? [], year)
  const setYear = (fy: string) =>
    setParams(
      (p) => {
        p.set('year', fy)
        return p
      },
      { replace: true },
    )
  if (!user) return null
  // Each side shows for whoever it concerns: by role, or because money moved that way (a freelancer who hires).
  const hasClientHires = (contracts.data ?? []).some((c) => c.client?._id === user._id)
  const freelancer = user.role === 'freelancer' || (payouts.data?.payouts.length ?? 0) > 0
  const client = user.role !== 'freelancer' || hasClientHires
  const freelancerSide = freelancer ? <FreelancerEarnings year={year} /> : null
  const clientSide = client ? <ClientMoney year={year} viewerId={user._id} /> : null
  return (
    <div className="mx-auto w-full max-w-5xl">
      <title>{t('money.earnings.docTitle')}</title>
      <PageHeader
        title={t('money.earnings.title')}
        description={t('money.earnings.description')}
        actions={<YearPicker year={year} choices={choices} onChange={setYear} />}
      />
      <div className="flex flex-col gap-8">
        {user.role === 'freelancer' ? freelancerSide : clientSide}
        {user.role === 'freelancer' ? clientSide : freelancerSide}
        <DocumentsList year={year} />
      </div>
    </div>
  )
}
