import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { Logo } from '@/components/logo'
import { useT } from '@/i18n'

/**
 * The frame around the login and signup cards: a short pitch beside the form on wide screens, and below the form a
 * link to the other card that keeps the page to return to.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  switchTo,
}: {
  title: string
  subtitle: string
  children: ReactNode
  /** The footer: 'Don't have an account? Sign up' and the like. */
  switchTo: { question: string; label: string; to: string }
}) {
  const location = useLocation()
  const t = useT()
  return (
    <div className="mx-auto grid min-h-[calc(100dvh-11rem)] w-full max-w-5xl items-center gap-10 px-4 py-8 md:min-h-[calc(100dvh-5rem)] md:py-8 lg:grid-cols-[1fr_28rem]">
      <aside className="hidden flex-col gap-6 lg:flex" aria-hidden>
        <Logo className="text-2xl" />
        <p className="max-w-md text-3xl leading-tight font-semibold tracking-tight text-slate-900">
          {t('auth.pitch')}
        </p>
        <ul className="grid gap-3 text-sm text-slate-600">
          <li className="flex items-center gap-2">
            <Dot /> {t('auth.pitch.escrow')}
          </li>
          <li className="flex items-center gap-2">
            <Dot /> {t('auth.pitch.chat')}
          </li>
          <li className="flex items-center gap-2">
            <Dot /> {t('auth.pitch.noPasswords')}
          </li>
        </ul>
      </aside>
      <section className="w-full rounded-2xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 flex flex-col gap-1.5">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="text-sm text-muted-foreground">{subtitle}</p>
        </div>
        {children}
        <div className="mt-6 border-t pt-5 text-center text-sm text-muted-foreground">
          {switchTo.question}{' '}
          <Link
            to={switchTo.to}
            state={location.state}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {switchTo.label}
          </Link>
        </div>
      </section>
    </div>
  )
}

function Dot() {
  return <span className="size-1.5 rounded-full bg-primary" />
}
