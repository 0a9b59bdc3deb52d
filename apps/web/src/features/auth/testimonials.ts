/** Invented testimonials for the sign-in shell's wide-screen pane; one is picked at random per visit. */
export const TESTIMONIALS = [
  {
    quote: 'We moved three services onto one Postgres and Basalt made the RLS policies readable for the whole team.',
    name: 'Mira Okafor',
    role: 'Backend lead at Lanternfish',
  },
  {
    quote: 'The SQL editor and the table editor side by side replaced four tools on my laptop.',
    name: 'Tomas Lindqvist',
    role: 'Indie developer',
  },
  {
    quote: 'Self-hosting it took one command. Our data never leaves the building, and that settled the audit.',
    name: 'Priya Raman',
    role: 'Platform engineer at Northgate Health',
  },
  {
    quote: 'Impersonating a signed-in user to check a policy is the feature I did not know I needed.',
    name: 'Jonah Feld',
    role: 'CTO at Quillstack',
  },
  {
    quote: 'Attaching our existing database was painless: it added what was missing and touched nothing else.',
    name: 'Ana Beltrão',
    role: 'Data engineer at Corvid Labs',
  },
] as const

export type Testimonial = (typeof TESTIMONIALS)[number]

export function pickTestimonial(random: () => number = Math.random): Testimonial {
  return TESTIMONIALS[Math.floor(random() * TESTIMONIALS.length) % TESTIMONIALS.length]!
}
