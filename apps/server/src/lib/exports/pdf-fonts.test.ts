import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { openPdfDocument } from './pdf-document.ts';
import { pdfFaces, withBoundedShaping } from './pdf-fonts.ts';

/** A one-page PDF with each word on a line of its own, and the words PDF.js reads back from its glyphs. */
async function writtenAndRead(words: string[]): Promise<string[]> {
  const pdf = await openPdfDocument({ title: 'Words', subject: 'Read back' });
  pdf.doc.addPage();
  for (const [i, word] of words.entries()) pdf.text(word, 50, 60 + i * 20, { size: 12 });
  const document = await getDocument({ data: new Uint8Array(await pdf.finish()), verbosity: 0 }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  return content.items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : []));
}

describe('the fonts of a PDF', () => {
  it('read back as written in a document made after one with shaped scripts, in the same process', async () => {
    await writtenAndRead(['Łukasz Żółć', 'Анна Смирнова', 'Ελένη Παπαδοπούλου', 'अर्जुन शर्मा', 'प्रिया कृष्णन', 'Wang 王']);
    const words = ['Analysis pending', 'http://bridge.test/t/abc/1', 'A96 (96'];
    expect(await writtenAndRead(words)).toEqual(words);
  });
});

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
