import { useStoredFlag } from '../../../lib/stored-preference'

/** localStorage key of the 'intellisense' preference (spec 2 §9: default on). */
export const INTELLISENSE_STORAGE_KEY = 'basalt-intellisense'

/**
 * The SQL editor's 'intellisense' preference (autocomplete and signature help), kept in this browser; every
 * component using it (and every tab) follows a change at once.
 */
export const useIntellisensePreference = (): [enabled: boolean, setEnabled: (on: boolean) => void] =>
  useStoredFlag(INTELLISENSE_STORAGE_KEY, true)
