import { AI_MESSAGES as SPEC_MESSAGES } from '@basalt/contracts'

/** The SQL editor's AI texts. Those of spec 2 §5 and §8 come verbatim from the contracts; tests assert them. */
export const AI_MESSAGES = {
  ...SPEC_MESSAGES,
  askLabel: 'Ask AI',
  askGeneratePlaceholder: 'Ask AI to write a query, e.g. “the 10 newest orders with their customer”',
  askEditPlaceholder: 'Ask AI to change this query, e.g. “only orders of this year”',
  askSubmit: 'Ask',
  asking: 'Thinking...',
  settings: 'AI settings',
  settingsDescription: 'What the assistant may send to the AI provider from this browser.',
  includeSchema: 'Include the schema in AI prompts',
  includeSchemaDescription:
    'Sends table and column names, types, keys and policies of the public schema, never any row. Answers fit your tables better.',
  schemaNotAllowed: 'Your organization does not allow sending schema metadata to the AI provider.',
  model: (name: string) => `Model: ${name}`,
  // the diff (spec 2 §4)
  diffTitle: 'Suggested change',
  diffType: 'Accept as',
  accept: 'Accept',
  discard: 'Discard',
  creatingSnippet: 'Creating the snippet...',
  // the chat panel
  chatTitle: 'AI Assistant',
  chatToggle: 'AI Assistant',
  chatClose: 'Close the AI assistant',
  chatEmpty: 'Ask about your database or your query. Answers with SQL can be inserted into the editor or run.',
  chatInput: 'Message the AI assistant',
  chatSend: 'Send',
  chatStop: 'Stop',
  chatClear: 'Clear the conversation',
  chatWorking: 'The assistant is answering...',
  chatFailed: (message: string) => `The assistant could not answer: ${message}`,
  you: 'You',
  assistant: 'Assistant',
  insert: 'Insert',
  runSql: 'Run',
  runBlocked: 'Accept or discard the suggested change first.',
  sqlBlock: 'SQL from the assistant',
  // debug
  debug: 'Debug with AI',
  debugging: 'Debugging...',
  // the suggestion popover (spec 2 §4)
  popoverTitle: 'Get answers that fit your tables',
  popoverText: 'Let the assistant see your schema (names and types, never rows) for better queries.',
  popoverInclude: 'Include the schema',
  popoverDismiss: 'Not now',
} as const
