import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SECTION_CATALOGUE } from '@gridlens/domain/sections';
import { SECTION_ICONS, SectionIcon } from './section-icon';

/** The drawing an icon renders: its SVG paths, whatever name the catalogue gives it. */
const glyphOf = (name: string) =>
  renderToStaticMarkup(createElement(SectionIcon, { name }))
    .match(/ d="[^"]*"/g)
    ?.join('') ?? '';

describe('section icons', () => {
  it('names an icon the shell knows for every section', () => {
    for (const section of SECTION_CATALOGUE) expect(SECTION_ICONS, section.id).toHaveProperty(section.icon);
  });

  it('draws no two sections with the same glyph', () => {
    const sectionsByGlyph = new Map<string, string[]>();
    for (const section of SECTION_CATALOGUE) {
      const glyph = glyphOf(section.icon);
      expect(glyph, section.id).not.toBe('');
      sectionsByGlyph.set(glyph, [...(sectionsByGlyph.get(glyph) ?? []), section.id]);
    }
    const shared = [...sectionsByGlyph.values()].filter((ids) => ids.length > 1);
    expect(shared).toEqual([]);
  });
});
