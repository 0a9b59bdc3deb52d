import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Quote } from 'lucide-react'
import { Logo } from '../../../ui/logo'
import { AUTH_MESSAGES } from '../messages'
import { pickTestimonial } from '../testimonials'

/** Spec 2 §2: the sign-in shell — the form with legal notices, and a random testimonial on wide screens. */
export function SignInShell({
  title,
  subtitle,
  children,
}: {
  title: string
  subtitle?: ReactNode
  children: ReactNode
}) {
  const [testimonial] = useState(() => pickTestimonial())
  return (
    <div className="flex min-h-full">
      <main className="flex w-full flex-col px-6 py-8 lg:w-1/2 lg:px-16">
        <Link to="/" className="w-fit" aria-label="Basalt home">
          <Logo />
        </Link>
        <div className="mx-auto flex w-full max-w-sm flex-1 flex-col justify-center py-10">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-muted-foreground">{subtitle}</p>}
          <div className="mt-8">{children}</div>
        </div>
        <LegalNotice />
      </main>
      <aside
        aria-label="Testimonial"
        className="hidden w-1/2 items-center justify-center border-l border-border bg-surface px-16 lg:flex"
      >
        <figure className="max-w-md space-y-6">
          <Quote aria-hidden className="size-8 text-brand" />
          <blockquote className="text-2xl leading-snug">{testimonial.quote}</blockquote>
          <figcaption className="text-sm text-muted-foreground">
            <span className="font-medium text-foreground">{testimonial.name}</span> · {testimonial.role}
          </figcaption>
        </figure>
      </aside>
    </div>
  )
}

export function LegalNotice() {
  return (
    <p className="mx-auto max-w-sm text-center text-xs text-muted-foreground">
      {AUTH_MESSAGES.legalPrefix}{' '}
      <Link to="/terms" className="underline underline-offset-2 hover:text-foreground">
        {AUTH_MESSAGES.terms}
      </Link>{' '}
      and{' '}
      <Link to="/privacy" className="underline underline-offset-2 hover:text-foreground">
        {AUTH_MESSAGES.privacy}
      </Link>
      .
    </p>
  )
}
