import { useState } from 'react'
import { AlertTriangle, Landmark, Pencil } from 'lucide-react'
import type { PayoutAccountView } from '@common/schemas/payout'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useT } from '@/i18n'
import { errorText } from '@/lib/errors'
import { usePayoutAccount } from '../api/payout-account'
import { STATUS_HELP } from '../lib/status'
import { PayoutAccountForm } from './payout-account-form'
import { PayoutStatusBadge } from './payout-status-badge'

/** /settings/payouts: the saved details, masked, with their account status; or the form to add or edit them. */
export function PayoutSettings() {
  const account = usePayoutAccount()
  const t = useT()
  const [editing, setEditing] = useState(false)
  const [adding, setAdding] = useState(false)

  if (account.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label={t('money.payoutSettings.loading')}>
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  if (account.isError)
    return (
      <EmptyState icon={AlertTriangle} title={t('money.payoutSettings.loadFailed')}>
        <p>{errorText(account.error, t('money.checkConnection'))}</p>
        <Button className="mt-3" variant="outline" onClick={() => void account.refetch()}>
          {t('money.tryAgain')}
        </Button>
      </EmptyState>
    )

  const saved = account.data
  if (!saved && !adding)
    return (
      <EmptyState
        icon={Landmark}
        title={t('money.payoutSettings.none')}
        action={<Button onClick={() => setAdding(true)}>{t('money.addPayoutDetails')}</Button>}
      >
        {t('money.payoutSettings.noneText')}
      </EmptyState>
    )
  if (!saved || editing)
    return (
      <Card>
        <CardHeader>
          <CardTitle>{saved ? t('money.payoutSettings.edit') : t('money.addPayoutDetails')}</CardTitle>
        </CardHeader>
        <CardContent>
          <PayoutAccountForm
            saved={saved}
            onDone={() => {
              setEditing(false)
              setAdding(false)
            }}
            onCancel={() => (saved ? setEditing(false) : setAdding(false))}
          />
        </CardContent>
      </Card>
    )
  return <SavedDetails account={saved} onEdit={() => setEditing(true)} />
}

/** Each row: its test id (the English label it has always had), its words, and the value. */
type Row = [string, string, string | null]

function SavedDetails({ account, onEdit }: { account: PayoutAccountView; onEdit: () => void }) {
  const t = useT()
  const rows: Row[] = [
    ['Legal name', t('money.payoutForm.legalName'), account.legalName],
    ['PAN', t('money.payoutForm.pan'), account.pan],
    ['State', t('money.payoutForm.stateShort'), account.state],
    ['GSTIN', t('money.payoutForm.gstinShort'), account.gstin],
    ...(account.upiId
      ? ([['UPI id', t('money.payoutForm.upiId'), account.upiId]] as Row[])
      : ([
          ['Account number', t('money.payoutForm.accountNumber'), account.bankAccount],
          ['IFSC', t('money.payoutForm.ifsc'), account.ifsc],
        ] as Row[])),
  ]
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>{t('money.payoutSettings.account')}</CardTitle>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden /> {t('money.payoutSettings.editShort')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5" aria-live="polite">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">{t('money.payoutSettings.status')}</span>
            <PayoutStatusBadge status={account.status} requirements={account.requirements} />
          </div>
          <p className="text-sm text-muted-foreground">{t(STATUS_HELP[account.status])}</p>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([testId, label, value]) => (
            <div key={testId} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="-mt-2 font-medium break-all sm:mt-0" data-testid={`payout-${testId}`}>
                {value ?? '—'}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">{t('money.payoutSettings.encrypted')}</p>
      </CardContent>
    </Card>
  )
}
