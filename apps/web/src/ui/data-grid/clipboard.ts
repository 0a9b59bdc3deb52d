import { UI_MESSAGES } from '../messages'

/**
 * Writes text to the clipboard. Spec 1 §8: a failure (the window not focused, no permission) is only logged
 * ('Unable to copy to clipboard'), never shown; true when the text was copied.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) throw new Error('The clipboard is not available')
    await navigator.clipboard.writeText(text)
    return true
  } catch (error) {
    console.error(UI_MESSAGES.copyFailedLog, error)
    return false
  }
}
