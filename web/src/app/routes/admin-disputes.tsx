import { PageHeader } from '@/components/page-header'

/** /admin/disputes — operators only (RequireAuth in the router). Its queue is not built yet. */
export function Component() {
  return (
    <div className="mx-auto w-full max-w-4xl">
      <title>Disputes · Microlance</title>
      <PageHeader title="Disputes" />
    </div>
  )
}
