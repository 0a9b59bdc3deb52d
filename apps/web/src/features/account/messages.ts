export const ACCOUNT_MESSAGES = {
  tokenOnceWarning: 'Copy this token now. You will not be able to see it again.',
  tokensEmpty: 'No access tokens yet',
  mfaEnabled: 'Two-factor authentication is on. Signing in asks for a code from your authenticator app.',
  mfaDisabled: 'Add a second step to signing in with a time-based code from an authenticator app.',
  mfaScan:
    'Scan this QR code with your authenticator app, or enter the secret by hand, then type the 6-digit code it shows.',
  passwordChanged: 'Password changed',
  passwordChangeEffects:
    'Changing your password signs you out on every other device and revokes all your access tokens.',
  tokenExpired: 'Expired',
  tokenNeverExpires: 'Never',
  preferencesSaved: 'Preferences saved',
} as const

export const THEME_OPTIONS = [
  { value: 'system', label: 'System', description: 'Follow your device setting' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
] as const
