export const ORGANIZATION_MESSAGES = {
  inviteNoEmail: 'Basalt does not send e-mail: share the invite link yourself.',
  inviteLinkReady: 'Send this link to the person you are inviting.',
} as const
