/** Texts of the sign-in shells (spec 2 §1, §2). */
export const AUTH_MESSAGES = {
  signInTitle: 'Welcome back',
  signInSubtitle: 'Sign in to your account',
  signUpOwnerTitle: 'Create the owner account',
  signUpOwnerSubtitle: 'This is the first visit to this Basalt installation. The account you create owns it.',
  signUpInviteTitle: 'Create your account',
  signUpClosedTitle: 'Accounts are created by invitation',
  signUpClosedBody: 'Ask an owner or administrator of your organization for an invite link, then open it to sign up.',
  mfaTitle: 'Verify your identity',
  mfaSubtitle: 'Enter the 6-digit code from your authenticator app.',
  passwordRequired: 'Please enter your password',
  legalPrefix: "By continuing, you agree to Basalt's",
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  invitationInvalid: 'This invitation is invalid or has expired.',
  signIn: 'Sign in',
  signUp: 'Sign up',
} as const
