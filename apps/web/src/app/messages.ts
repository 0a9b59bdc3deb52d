/** Spec 2 §2 "Error page": the generic page error, verbatim. */
export const ERROR_PAGE_MESSAGES = {
  title: 'Something went wrong',
  body: 'Sorry about that, please try again later or feel free to reach out to us if the problem persists',
  headBack: 'Head back',
  support: 'Submit a support request',
} as const

export const SUPPORT_MESSAGES = {
  title: 'Submit a support request',
  notSent:
    'Support requests cannot be sent from Basalt yet: this page does not submit anything. Contact the administrators of this installation directly.',
  include: 'When you do, include what you were doing, the time it happened and any error code and message shown.',
} as const
