/** The characters RFC 8187 lets stand in an extended value; encodeURIComponent leaves a few more, escaped here. */
const NOT_ATTR_CHAR = /['()*]/g;

/**
 * Content-Disposition of a download (RFC 6266): `attachment` with the file's name twice, in plain ASCII for the
 * few clients that read only `filename`, and whole in UTF-8 as `filename*` (RFC 8187), which browsers prefer, so
 * that "Tuarascáil" or "Raport floty" keep their letters.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(NOT_ATTR_CHAR, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
