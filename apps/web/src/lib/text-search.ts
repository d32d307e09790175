/** Text as the search compares it: trimmed, spaces folded, lower case in the user's locale. */
export const searchKey = (text: string): string => text.trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** Whether any of a row's texts, as the screen shows them, contains the search (already a `searchKey`). */
export function textsMatch(texts: readonly (string | null | undefined)[], search: string): boolean {
  if (search === '') return true;
  return texts.some((text) => text !== null && text !== undefined && searchKey(text).includes(search));
}
