/** The search constants of the help centre. */
export const SEARCH_LIMITS = {
  minQueryLength: 2,
  maxSuggestions: 5,
  threshold: 0.3,
  minMatchCharLength: 2,
} as const;
