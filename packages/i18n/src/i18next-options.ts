import type { InitOptions } from 'i18next';

/** How both apps set i18next up, so that a text reads the same wherever it is rendered. */
export const I18NEXT_OPTIONS = {
  // Every language holds every key (the catalogue's test): a missing one should show its key, not English.
  fallbackLng: false,
  // Texts go into React, which escapes, or into plain-text emails and pages that escape at the point of writing:
  // escaping here too would print "&gt;" for a rule's ">".
  interpolation: { escapeValue: false },
  returnNull: false,
} as const satisfies InitOptions;
