/** A catalogue's tree, or any part of it. */
export type CatalogueTree = { readonly [key: string]: string | CatalogueTree };

/** Every text of a catalogue by its full key ("alerts.fields.imbalance"), in the file's order. */
export function flattenCatalogue(tree: CatalogueTree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flattenCatalogue(value, path)) out.set(k, v);
  }
  return out;
}

/** The names of a text's {{placeholders}}, sorted: two translations of one text must have the same. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}
