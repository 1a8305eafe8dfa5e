import { listingLimits } from '@podflow/contract/metadata';

/**
 * The words of a design's file name, cleaned for a listing: extension, numbers, versions, hashes,
 * tool names and product words dropped, camelCase split, title-cased.
 */

/** Words of a file name that say nothing about the design: tools, versions, formats, states. */
const noiseWords = new Set(
  (
    'final finals copy design designs print prints printable png jpg jpeg webp svg psd pdf eps tif tiff ai ' +
    'transparent mockup mockups mock img image images file files export exported untitled new edit edited ' +
    'draft version ver rev layer layers artboard background bg nobg hd hq uhd dpi rgb cmyk dtg dtf upscaled ' +
    'resized output scan screenshot photo pic dsc sample test tmp temp fixed updated front back etsy ' +
    'printify gelato shopify canva procreate midjourney dalle sd generated ok done'
  ).split(' '),
);

/** Small words kept lower-case inside a title, and dropped at either end of a name. */
export const smallWords = new Set('a an and or of the in on for with to by at'.split(' '));

/** A shirt colour at the end of a name marks a variant ('cat-logo-white.png'); the pixels say the colours. */
const variantWords = new Set('black white grey gray navy dark light'.split(' '));

/** At most this many words of a name make the subject: a title starts short and plain. */
const subjectWordsMax = 5;

/**
 * A name's meaningful words, title-cased: extension, digits, versions, hashes and noise dropped,
 * camelCase and letter-digit runs split, product words dropped (the product types name them).
 */
export function nameWords(fileName: string, productWords: ReadonlySet<string> = new Set()): string[] {
  const base = (fileName.normalize('NFKC').split(/[/\\]/).at(-1) ?? '').replace(/\.[a-z0-9]{1,5}$/i, '');
  const pieces = base
    .split(/[^\p{L}\p{M}\p{N}'’]+/u)
    .map((token) => token.replace(/^['’]+|['’]+$/gu, ''))
    .filter((token) => token !== '' && !isHashLike(token))
    .flatMap(splitToken)
    .filter((piece) => keepPiece(piece, productWords));
  const unique = pieces.filter(
    (piece, i) => pieces.findIndex((p) => p.toLowerCase() === piece.toLowerCase()) === i,
  );
  while (unique.length > 0 && smallWords.has(unique[0]!.toLowerCase())) unique.shift();
  const words = unique.slice(0, subjectWordsMax);
  const trailing = (word: string) =>
    smallWords.has(word.toLowerCase()) || variantWords.has(word.toLowerCase());
  while (words.length > 0 && trailing(words.at(-1)!)) words.pop();
  const shouting = words.every((word) => word === word.toUpperCase());
  return words.map((word, i) =>
    i > 0 && smallWords.has(word.toLowerCase()) ? word.toLowerCase() : nameCase(word, shouting),
  );
}

/** Hashes and ids: long mixes of letters and digits that alternate more than once ('a3f9c2e1'). */
function isHashLike(token: string): boolean {
  if (!/^[a-z0-9]{6,}$/i.test(token)) return false;
  const alternations = token.match(/[a-z]+|[0-9]+/gi)?.length ?? 0;
  return /\d.*\d/.test(token) && alternations > 2;
}

/** camelCase and letter-digit boundaries; '80s' and '3D' stay whole, they mean something. */
function splitToken(token: string): string[] {
  if (/^(?:19|20)?\d0s$/i.test(token)) return [token.toLowerCase()];
  if (/^3d$/i.test(token)) return ['3D'];
  return token.split(
    /(?<=\p{Ll})(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u,
  );
}

function keepPiece(piece: string, productWords: ReadonlySet<string>): boolean {
  const lower = piece.toLowerCase();
  if (/^\p{N}+$/u.test(piece) || [...piece].length > listingLimits.keywordMaxChars) return false;
  if (/^[b-hj-z]$/i.test(piece)) return false;
  return !noiseWords.has(lower) && !productWords.has(lower);
}

/** 'sunset' → 'Sunset'; acronyms ('NYC') stay, unless the whole name is in capitals. */
function nameCase(word: string, shouting: boolean): string {
  if (!shouting && word.length <= 4 && word === word.toUpperCase() && /\p{Lu}/u.test(word)) return word;
  return titleCase(word);
}

/** 'orange and purple' → 'Orange and Purple', 't-shirt' → 'T-Shirt'. */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .split(' ')
    .map((word, i) =>
      i > 0 && smallWords.has(word)
        ? word
        : word.replace(
            /(^|-)(\p{L})/gu,
            (_, before: string, letter: string) => before + letter.toUpperCase(),
          ),
    )
    .join(' ');
}
