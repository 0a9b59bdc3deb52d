import { TYPE_TO_CONFIRM_MISMATCH } from '@basalt/contracts'

/** Texts of the interface kit. Spec 2 §5: the type-to-confirm mismatch message, verbatim. */
export const UI_MESSAGES = {
  typeToConfirmMismatch: TYPE_TO_CONFIRM_MISMATCH,
  notAvailable: 'This page is not available yet in Basalt.',
  notAvailableDetail: 'It is part of the plan but has not been built; nothing on this page works yet.',
  noAccessTitle: 'You need additional permissions to view this page',
  copied: 'Copied',
  copy: 'Copy',
  /** The label of the SQL a confirmation shows before it runs. */
  sqlToRun: 'SQL to run',
  /** Spec 1 §8: a failed copy is only logged, never shown. */
  copyFailedLog: 'Unable to copy to clipboard',
} as const

export const NOT_FOUND_MESSAGES = {
  title: 'Page not found',
  body: 'The page you are looking for does not exist, or you do not have access to it.',
  headBack: 'Head back',
} as const
