import { Link } from 'react-router'
import { Logo } from '../../../ui/logo'

const PAGES = {
  terms: {
    title: 'Terms of Service',
    body: [
      'Basalt is self-hostable software. The organisation that runs this installation decides how it may be used; ask its administrators for their terms.',
      'The Basalt software is provided as is, without warranty of any kind.',
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    body: [
      'This installation of Basalt stores your e-mail address, display name, password hash, sessions and an audit log of your actions in its own database. Nothing is sent to the makers of Basalt.',
      'The organisation that runs this installation is responsible for that data; ask its administrators how long it is kept and how to have it removed.',
    ],
  },
} as const

export function LegalPage({ page }: { page: keyof typeof PAGES }) {
  const { title, body } = PAGES[page]
  return (
    <main className="mx-auto max-w-2xl px-6 py-10">
      <Link to="/" aria-label="Basalt home">
        <Logo />
      </Link>
      <h1 className="mt-8 text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="mt-4 space-y-3 text-sm leading-relaxed text-muted-foreground">
        {body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
      <Link to="/sign-in" className="mt-8 inline-block text-sm underline underline-offset-2">
        Back to sign in
      </Link>
    </main>
  )
}
