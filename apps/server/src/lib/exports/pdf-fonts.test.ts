import { describe, expect, it } from 'vitest';
import { pdfFaces, withBoundedShaping } from './pdf-fonts.ts';

describe('a font with a bounded cache of shaped words', () => {
  it('shapes a word once while it is kept, and gives each caller positions of its own', async () => {
    const { regular } = await pdfFaces();
    const face = withBoundedShaping(regular[0]!, 3);
    const first = face.font.layout('Meera');
    const second = face.font.layout('Meera');
    expect(Object.getPrototypeOf(second)).toBe(Object.getPrototypeOf(first));
    expect(second.positions).not.toBe(first.positions);
    const width = second.advanceWidth;
    expect(width).toBeGreaterThan(0);
    // pdfkit scales the positions it is given in place: the next caller must not see that.
    for (const position of first.positions) position.xAdvance *= 2;
    expect(first.advanceWidth).toBeCloseTo(2 * width);
    expect(face.font.layout('Meera').advanceWidth).toBeCloseTo(width);
    expect(second.glyphs.map((glyph) => glyph.id)).toEqual(regular[0]!.font.layout('Meera').glyphs.map((glyph) => glyph.id));
  });

  it('forgets every word once it holds its limit, then shapes them again', async () => {
    const { regular } = await pdfFaces();
    const face = withBoundedShaping(regular[0]!, 3);
    const kept = Object.getPrototypeOf(face.font.layout('one')) as object;
    face.font.layout('two');
    face.font.layout('three');
    expect(Object.getPrototypeOf(face.font.layout('one'))).toBe(kept);
    face.font.layout('four'); // the fourth word: the cache is full, so it is emptied first
    expect(Object.getPrototypeOf(face.font.layout('one'))).not.toBe(kept);
  });
});
