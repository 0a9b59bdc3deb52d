export const ORGANIZATION_MESSAGES = {
  inviteNoEmail: 'Basalt does not send e-mail: share the invite link yourself.',
  inviteLinkReady: 'Send this link to the person you are inviting.',
  aiSettingsIntro:
    'What the AI assistant of this organization’s projects may do, and what it sends to the AI provider.',
  aiSettingsReadOnly: 'You need additional permissions to change the AI settings of this organization.',
} as const
