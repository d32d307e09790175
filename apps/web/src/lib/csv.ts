/** CSV files the screens export: fields, the file, its download. */

/**
 * One CSV field: quoted when it holds a separator, quote or line break; text that a spreadsheet would run
 * as a formula (= + - @ at the start) is prefixed with an apostrophe (CSV injection).
 */
export function csvField(text: string, isText: boolean): string {
  const safe = isText && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Saves a file through the browser's download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** CSV text as a file; the byte-order mark makes spreadsheet programs read it as UTF-8 (names such as "Seán"). */
export const csvBlob = (text: string) => new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
