/** A text as a CSS string literal (for a page margin box's `content`). */
const cssString = (text: string) =>
  `"${text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/[\r\n]+/g, ' ')}"`;

/*
 * Paper for the report-style pages: A4, the running header (tenant, period, time zone) in the top margin box of every
 * page and the page number in the bottom one (CSS page margin boxes, which Chromium draws since version 131). A fixed
 * element was the other way: Chromium left it off the last page. On paper the in-page line gives way to the margin
 * box. Landscape for a page whose table is wider than portrait A4 (the power report's devices, 14 columns).
 */
export const reportPrintCss = (running: string, orientation: 'portrait' | 'landscape' = 'portrait') => `
@page {
  size: A4 ${orientation};
  margin: 18mm 12mm 16mm 12mm;
  @top-left { content: ${cssString(running)}; font: 9pt sans-serif; color: #555; }
  @bottom-right { content: counter(page) " / " counter(pages); font: 9pt sans-serif; color: #555; }
}
@media print {
  body { background: white; }
  [data-report-header] { display: none; }
  /* The screen's roomy cells would push a wide table past the page's edge, where paper cuts it off. */
  th, td { padding-left: 4px !important; padding-right: 4px !important; font-size: 8pt !important; }
  th { white-space: normal !important; }
}`;
