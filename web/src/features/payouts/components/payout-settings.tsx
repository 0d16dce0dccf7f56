import { useState } from 'react'
import { AlertTriangle, Landmark, Pencil } from 'lucide-react'
import type { PayoutAccountView } from '@common/schemas/payout'
import { EmptyState } from '@/components/empty-state'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { errorText } from '@/lib/errors'
import { usePayoutAccount } from '../api/payout-account'
import { STATUS_HELP } from '../lib/status'
import { PayoutAccountForm } from './payout-account-form'
import { PayoutStatusBadge } from './payout-status-badge'

/** /settings/payouts: the saved details, masked, with their account status; or the form to add or edit them. */
export function PayoutSettings() {
  const account = usePayoutAccount()
  const [editing, setEditing] = useState(false)
  const [adding, setAdding] = useState(false)

  if (account.isPending)
    return (
      <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading payout details">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  if (account.isError)
    return (
      <EmptyState icon={AlertTriangle} title="Could not load your payout details">
        <p>{errorText(account.error, 'Please check your connection and try again.')}</p>
        <Button className="mt-3" variant="outline" onClick={() => void account.refetch()}>
          Try again
        </Button>
      </EmptyState>
    )

  const saved = account.data
  if (!saved && !adding)
    return (
      <EmptyState
        icon={Landmark}
        title="No payout details yet"
        action={<Button onClick={() => setAdding(true)}>Add payout details</Button>}
      >
        Add your PAN and a bank account or UPI id so that money released to you can be paid out.
      </EmptyState>
    )
  if (!saved || editing)
    return (
      <Card>
        <CardHeader>
          <CardTitle>{saved ? 'Edit payout details' : 'Add payout details'}</CardTitle>
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

function SavedDetails({ account, onEdit }: { account: PayoutAccountView; onEdit: () => void }) {
  const rows: [string, string | null][] = [
    ['Legal name', account.legalName],
    ['PAN', account.pan],
    ['State', account.state],
    ['GSTIN', account.gstin],
    ...(account.upiId
      ? ([['UPI id', account.upiId]] as [string, string][])
      : ([
          ['Account number', account.bankAccount],
          ['IFSC', account.ifsc],
        ] as [string, string | null][])),
  ]
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle>Payout account</CardTitle>
        <Button variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden /> Edit
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="flex flex-col gap-1.5" aria-live="polite">
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <span className="text-muted-foreground">Status:</span>
            <PayoutStatusBadge status={account.status} requirements={account.requirements} />
          </div>
          <p className="text-sm text-muted-foreground">{STATUS_HELP[account.status]}</p>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="-mt-2 font-medium break-all sm:mt-0" data-testid={`payout-${label}`}>
                {value ?? '—'}
              </dd>
            </div>
          ))}
        </dl>
        <p className="text-xs text-muted-foreground">
          PAN, GSTIN, account number and UPI id are stored encrypted and shown only in part.
        </p>
      </CardContent>
    </Card>
  )
}
