import { smallWords } from './file-name-words.ts';
import { cleanProducts } from './offline-subject.ts';
import { singular } from './offline-words.ts';

/** Words that only point ('I', 'my', 'this'): small words too, for this measure. */
const pronouns = new Set(
  'i me my you your we our us he she it its they them his her their this that is are am'.split(' '),
);

/**
 * How alike two titles of one batch read, beyond the product type: the offline writer's
 * variety measure (its property test and `bench/offline-writer.ts`). A title's words are taken
 * lower-case and singular, without small words ('and', 'for', 'my') and without the names of the
 * product types (and what buyers also call them: 'T-Shirt', 'Tee', 'Coffee Cup').
 */
export function titleWords(title: string, productTypes: readonly string[]): Set<string> {
  const phrases = cleanProducts(productTypes)
    .flatMap((product) => [product.name, product.alias])
    .filter(Boolean)
    .map((phrase) => phrase.toLowerCase())
    .sort((a, b) => b.length - a.length);
  let text = ` ${title.toLowerCase().replace(/[^\p{L}\p{N}'-]+/gu, ' ')} `;
  for (const phrase of phrases) text = text.split(` ${phrase} `).join('  ');
  return new Set(
    text
      .split(/\s+/)
      .filter((word) => /[\p{L}\p{N}]/u.test(word) && !smallWords.has(word) && !pronouns.has(word))
      .map((word) => singular(word)),
  );
}

/** The share (0..1) of the shorter title's words that the other title has too. */
export function titleOverlap(a: string, b: string, productTypes: readonly string[]): number {
  const [x, y] = [titleWords(a, productTypes), titleWords(b, productTypes)];
  const fewer = Math.min(x.size, y.size);
  if (fewer === 0) return x.size === y.size ? 1 : 0;
  let shared = 0;
  for (const word of x) if (y.has(word)) shared += 1;
  return shared / fewer;
}
