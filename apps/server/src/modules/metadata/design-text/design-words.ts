import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

/** One word as the recogniser saw it: its text, confidence (0..100) and box in pixels. */
export type SeenWord = { text: string; confidence: number; x0: number; y0: number; x1: number; y1: number };

/** What a design says: its main phrase in reading order and its small print ('EST. 2026'), each line apart. */
export type DesignWords = { phrase: string; smallPrint: string[] };

/** Words read with less confidence than this are dropped: graphics give fragments of 30 to 80. */
const minConfidence = 80;
/** A dictionary word of three letters or more is kept from this confidence: graphics rarely spell one. */
const minLongWordConfidence = 70;
/** A word not in the dictionary is kept as a name only with at least this confidence. */
const minNameConfidence = 90;
/** A line whose letters are at most this share of the main phrase's height is small print. */
const smallPrintShare = 0.55;

/** A line that dates the brand: 'EST. 2026', 'Since 1998', 'Established 1985', '1998'. */
const founding = /^(?:(?:est\.?|estd\.?|established|since|founded)\s+)?(?:1[89]|20)\d\d$/i;

/** Words of our time the list lacks, and one-letter words. */
const extraWords = ['a', 'i', 'ok', 'wifi', 'bff', 'lol', 'bestie', 'xoxo', 'diy', 'usa', 'nyc', 'est', 'co'];

let dictionary: Set<string> | undefined;

/** The English word list, read once per process (about 270,000 words with their inflections). */
function words(): Set<string> {
  dictionary ??= new Set([...readFileSync(wordListPath, 'utf8').split('\n'), ...extraWords]);
  return dictionary;
}

/** The word without the punctuation around it: 'COFFEE,' → 'COFFEE'. */
export function bare(text: string): string {
  return text.normalize('NFKC').replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
}

/**
 * A word a person wrote, not a fragment of a drawing: a dictionary word ('Coffee'), a number or
 * year ('2026', '90s', '#1'), or, read with high confidence, a name-like word ('Brooklyn': a
 * capital, then lower-case letters with vowels). 'hd', 'Nh', '~' and 'oo' are not.
 */
export function isRealWord(word: SeenWord): boolean {
  const text = bare(word.text);
  if (text === '' || word.confidence < minLongWordConfidence) return false;
  if (word.confidence < minConfidence)
    return text.length >= 3 && /^\p{L}+$/u.test(text) && words().has(text.toLowerCase());
  if (/^(?:\d{1,4}|\d{2}s|\d{1,3}%)$/.test(text)) return true;
  if (!/^[\p{L}'’-]+$/u.test(text)) return false;
  const lower = text.toLowerCase().replace(/’/g, "'");
  const parts = lower.split(/['-]/).filter(Boolean);
  if (
    parts.length > 0 &&
    parts.every((part) => words().has(part) || (part.length === 1 && /[st]/.test(part)))
  )
    return lower.length > 1 || text === 'I' || lower === 'a';
  return (
    word.confidence >= minNameConfidence &&
    /^\p{Lu}(?:\p{Ll}{2,}|\p{Lu}{2,})$/u.test(text) &&
    /[aeiouy]/i.test(text) &&
    !/[^aeiouy]{4}/i.test(text)
  );
}

/**
 * The phrase and small print from the lines the recogniser saw (each line's words left to right):
 * fragments dropped, lines in reading order (top to bottom), lines of much smaller letters than
 * the tallest kept apart as small print.
 */
export function assemble(lines: readonly SeenWord[][]): DesignWords {
  const rows = inRows(lines.flatMap((line) => line.filter(isRealWord)));
  if (rows.length === 0) return { phrase: '', smallPrint: [] };
  const height = (row: SeenWord[]) => Math.max(...row.map((word) => word.y1 - word.y0));
  const tallest = Math.max(...rows.map(height));
  const text = (row: SeenWord[]) => row.map((word) => word.text.trim()).join(' ');
  // Small print: letters much smaller than the tallest, or a founding line ('SINCE 1998') beside other words.
  const isSmall = (row: SeenWord[]) =>
    height(row) <= tallest * smallPrintShare || (rows.length > 1 && founding.test(text(row)));
  const main = rows.filter((row) => !isSmall(row));
  const small = rows.filter(isSmall);
  return {
    phrase: main
      .map(text)
      .join(' ')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}!?.]+$/gu, ''),
    smallPrint: small.map(text),
  };
}

/**
 * Words in rows, top to bottom, each row left to right: a word joins the row whose vertical
 * middle falls within its height (the recogniser may cut one printed line into several).
 */
function inRows(words: readonly SeenWord[]): SeenWord[][] {
  const rows: SeenWord[][] = [];
  for (const word of [...words].sort((a, b) => a.y0 - b.y0)) {
    const middle = (word.y0 + word.y1) / 2;
    const row = rows.find((candidate) => {
      const [rowTop, rowBottom] = [top(candidate), bottom(candidate)];
      const rowMiddle = (rowTop + rowBottom) / 2;
      return (middle >= rowTop && middle <= rowBottom) || (rowMiddle >= word.y0 && rowMiddle <= word.y1);
    });
    if (row) row.push(word);
    else rows.push([word]);
  }
  return rows.map((row) => row.sort((a, b) => a.x0 - b.x0)).sort((a, b) => top(a) - top(b));
}

const bottom = (line: SeenWord[]) => Math.max(...line.map((word) => word.y1));
const top = (line: SeenWord[]) => Math.min(...line.map((word) => word.y0));

/** How much a reading is worth, to choose between the light and the dark background: confident letters kept. */
export function worth(lines: readonly SeenWord[][]): number {
  return lines
    .flat()
    .filter(isRealWord)
    .reduce((sum, word) => sum + bare(word.text).length * word.confidence, 0);
}

/**
 * Readings of views in one frame (the art on a light and on a dark background) made one: where
 * words overlap, the real word read most confidently is kept.
 */
export function combine(readings: readonly SeenWord[][][]): SeenWord[][] {
  const ranked = readings
    .flat(2)
    .map((word) => ({ word, real: isRealWord(word) }))
    .sort((a, b) => Number(b.real) - Number(a.real) || b.word.confidence - a.word.confidence);
  const kept: SeenWord[] = [];
  for (const { word } of ranked) if (!kept.some((other) => overlap(word, other) > 0.3)) kept.push(word);
  return kept.map((word) => [word]);
}

/** The share of the smaller box that the two boxes have in common. */
function overlap(a: SeenWord, b: SeenWord): number {
  const width = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const height = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (width <= 0 || height <= 0) return 0;
  const area = (w: SeenWord) => Math.max(1, (w.x1 - w.x0) * (w.y1 - w.y0));
  return (width * height) / Math.min(area(a), area(b));
}
