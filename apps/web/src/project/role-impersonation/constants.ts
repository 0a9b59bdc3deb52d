/** The impersonation user search (spec 2 §5, §9). */
export const USER_SEARCH_DEBOUNCE_MS = 300
export const USER_LIST_MAX_HEIGHT_PX = 192
export const USER_SEARCH_LIMIT = 50
