import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as fontkit from 'fontkit';

// The fonts of the PDF exports (docs/decisions/012-pdf-fonts.md). pdfkit's built-in Helvetica knows only
// Latin-1; these are embedded instead, and pdfkit keeps only the glyphs a document uses.

/** One font the PDF writer may use; `name` is what the document registers it under. */
export interface PdfFace {
  name: string;
  font: fontkit.Font;
}

export interface PdfFaces {
  /** Tried in order: a cell is written in the first one that has a glyph for each of its characters. */
  regular: PdfFace[];
  bold: PdfFace[];
  /** Symbols Noto Sans lacks, the card suits ♠♥♦♣ among them (one weight: drawn with the regular and the bold). */
  symbols: PdfFace;
}

// Google Fonts' build of Noto Sans holds Latin with its extensions, Greek, Cyrillic and Devanagari (with the
// shaping tables for conjuncts) in one file. Another script is one more entry here, e.g. Noto Sans Tamil.
const FAMILIES = [
  {
    name: 'NotoSans',
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
];

// Noto Sans has no card suits; Noto Sans Symbols 2 (the same publisher's package) has them.
const SYMBOLS = { name: 'NotoSansSymbols2', file: '@expo-google-fonts/noto-sans-symbols-2/400Regular/NotoSansSymbols2_400Regular.ttf' };

const require = createRequire(import.meta.url);

interface FontFile {
  name: string;
  bytes: Buffer;
}

let files: Promise<{ fonts: typeof fontkit; regular: FontFile[]; bold: FontFile[]; symbols: FontFile }> | undefined;

/** The font files, read on the first PDF export and kept; fontkit itself is loaded then too, as pdfkit is. */
function fontFiles() {
  const read = (name: string, file: string): FontFile => ({ name, bytes: readFileSync(require.resolve(file)) });
  files ??= import('fontkit')
    .then((fonts) => ({
      fonts,
      regular: FAMILIES.map((f) => read(f.name, f.regular)),
      bold: FAMILIES.map((f) => read(`${f.name}-Bold`, f.bold)),
      symbols: read(SYMBOLS.name, SYMBOLS.file),
    }))
    .catch((error: unknown) => {
      files = undefined; // the next export tries again rather than failing for good
      throw error;
    });
  return files;
}

/**
 * The fonts for one document, parsed from the files read once. Each document has fonts of its own: a parsed font
 * keeps each glyph it has made with the characters it was first made for, and shaping (Devanagari's conjuncts, a
 * ligature) makes glyphs for other characters than their own; pdfkit writes those characters as the text a glyph
 * reads back as, so a font shared between documents made later documents read back wrong ('c' as a control
 * character after a document with Devanagari names).
 */
export async function pdfFaces(): Promise<PdfFaces> {
  const { fonts, regular, bold, symbols } = await fontFiles();
  const parse = ({ name, bytes }: FontFile): PdfFace => {
    const font = fonts.create(bytes);
    if (!('hasGlyphForCodePoint' in font)) throw new Error(`${name} is a font collection, not a font`);
    return { name, font };
  };
  return { regular: regular.map(parse), bold: bold.map(parse), symbols: parse(symbols) };
}

/**
 * `face` for one long document: its shaped words are kept, at most `limit` of them (the cache is emptied when full).
 * Shaping again is slow (a word is measured then drawn, and the same words come back: without a cache 100k rows took
 * 100 s instead of 27 s), but pdfkit's own cache keeps every word of the document, which over 100k rows of names and
 * emails grows without bound; a document using this turns pdfkit's off (`fontLayoutCache: false`). pdfkit takes any
 * font with fontkit's `layout`, and scales the positions of the run it gets in place: each call answers positions of
 * its own.
 */
export function withBoundedShaping(face: PdfFace, limit: number): PdfFace {
  const { font } = face;
  const shaped = new Map<string, fontkit.GlyphRun>();
  const layout = (text: string, features?: string[] | Record<string, boolean>): fontkit.GlyphRun => {
    if (features !== undefined) return font.layout(text, features);
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= limit) shaped.clear();
      run = font.layout(text);
      shaped.set(text, run);
    }
    const positions = run.positions.map((position) => ({ ...position }));
    return Object.create(run, { positions: { value: positions } }) as fontkit.GlyphRun;
  };
  return { name: face.name, font: Object.create(font, { layout: { value: layout } }) as fontkit.Font };
}

// Characters that are drawn without a glyph of their own (joiners, variation selectors): no font needs to have them.
const INVISIBLE = /[\u200B-\u200D\u2060\uFE00-\uFE0F]/;
const UNPRINTABLE = /[\x00-\x1F\x7F-\x9F]/;

const covers = (face: PdfFace, char: string) =>
  !UNPRINTABLE.test(char) && (INVISIBLE.test(char) || face.font.hasGlyphForCodePoint(char.codePointAt(0)!));

const PLAIN = /^[\x20-\x7E]*$/;
const asciiCovered = new WeakMap<PdfFace, boolean>();
function coversAscii(face: PdfFace): boolean {
  let covered = asciiCovered.get(face);
  if (covered === undefined) {
    covered = Array.from({ length: 0x5f }, (_, i) => String.fromCharCode(0x20 + i)).every((c) => covers(face, c));
    asciiCovered.set(face, covered);
  }
  return covered;
}

/**
 * The face to write `text` in: the first that covers every character, else the one that covers the most;
 * the characters that face lacks become '?'.
 */
export function faceFor(list: PdfFace[], text: string): { face: PdfFace; text: string } {
  // Most cells (emails, dates, numbers) are plain ASCII: no need to look at each character.
  if (PLAIN.test(text) && coversAscii(list[0]!)) return { face: list[0]!, text };
  const chars = [...text];
  let best = list[0]!;
  let bestMissing = Infinity;
  for (const face of list) {
    const missing = chars.reduce((n, c) => (covers(face, c) ? n : n + 1), 0);
    if (missing === 0) return { face, text };
    if (missing < bestMissing) [best, bestMissing] = [face, missing];
  }
  return { face: best, text: chars.map((c) => (covers(best, c) ? c : '?')).join('') };
}

/**
 * `text` cut into runs, each written in the first face of `list` that has its characters, for lines that mix
 * scripts or symbols no one face holds all of ('Par: 4♠ by N' in Noto Sans and Noto Sans Symbols 2). A character
 * that no face has becomes '?' in the first face.
 */
export function runsFor(list: PdfFace[], text: string): { face: PdfFace; text: string }[] {
  if (PLAIN.test(text) && coversAscii(list[0]!)) return text ? [{ face: list[0]!, text }] : [];
  const runs: { face: PdfFace; text: string }[] = [];
  for (const char of text) {
    const found = list.find((face) => covers(face, char));
    const face = found ?? list[0]!;
    const written = found ? char : '?';
    const last = runs.at(-1);
    if (last?.face === face) last.text += written;
    else runs.push({ face, text: written });
  }
  return runs;
}

/**
 * Scripts whose shaping reorders or merges characters (Devanagari and the other Brahmic scripts of India):
 * text read back from glyphs would come out in drawing order, so such cells also carry their text as written.
 */
export const REORDERED = /[\u0900-\u0DFF]/;
