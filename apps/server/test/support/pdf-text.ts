import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, read back with pdf.js, and its page count. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false }).promise;
  const texts: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return texts.join('\n');
}

/** Each page of a PDF: its text (pdf.js runs joined by spaces) and its size in points. */
export async function pdfPages(pdf: Buffer): Promise<{ text: string; width: number; height: number }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), disableFontFace: true, useSystemFonts: false }).promise;
  const pages: { text: string; width: number; height: number }[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const page = await document.getPage(n);
    const [, , width = 0, height = 0] = page.view;
    const content = await page.getTextContent();
    pages.push({ text: content.items.map((item) => ('str' in item ? item.str : '')).join(' '), width, height });
  }
  await document.destroy();
  return pages;
}
