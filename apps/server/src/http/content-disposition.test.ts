import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('a download’s Content-Disposition', () => {
  it('names an ASCII file the same way in both parameters', () => {
    expect(attachmentDisposition('Weekly fleet report 2026-W47.xlsx')).toBe(
      `attachment; filename="Weekly fleet report 2026-W47.xlsx"; filename*=UTF-8''Weekly%20fleet%20report%202026-W47.xlsx`,
    );
  });

  it('keeps every letter in filename* and gives old clients the letters without their accents', () => {
    const header = attachmentDisposition('Tuarascáil chabhlaigh sheachtainiúil 2026-W47.pdf');
    expect(header).toContain('filename="Tuarascail chabhlaigh sheachtainiuil 2026-W47.pdf"');
    const encoded = /filename\*=UTF-8''(.+)$/.exec(header)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('Tuarascáil chabhlaigh sheachtainiúil 2026-W47.pdf');
  });

  it('writes a letter with no ASCII form as _ in the plain name, and never lets a quote end it early', () => {
    const header = attachmentDisposition('Raport KPI ł "x" (1)*.csv');
    expect(header).toContain('filename="Raport KPI _ _x_ (1)*.csv"');
    // RFC 8187 leaves ' ( ) * out of an extended value.
    expect(header).toContain(`filename*=UTF-8''Raport%20KPI%20%C5%82%20%22x%22%20%281%29%2A.csv`);
  });
});
