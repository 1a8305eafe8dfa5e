import type { DesignTraits } from './design-traits.ts';
import { nameWords, smallWords, titleCase } from './file-name-words.ts';
import type { ListingInput } from './listing-writer.ts';
import { isThing, joinWords, loves, occasions, recipients, singular } from './offline-words.ts';
import { productTypes } from './product-types.ts';

/** What a listing is about, in the words every part of it shares. */
export type Subject = {
  /** Title-cased, e.g. 'Retro Sunset Cat'; from the colours and style when nothing names the design. */
  phrase: string;
  /** The words of `phrase` when they came from the seller or the design; [] when it is made from the look. */
  words: string[];
  /** The phrase is the seller's own title words (kept as typed). */
  fromSeller: boolean;
  /** The phrase is the lettering read from the design. */
  lettering: boolean;
  /** The thing a buyer loves, singular and lower-case, e.g. 'cat' (for 'cat lover gift'); '' when none. */
  head: string;
  /** Who it is for, lower-case, e.g. 'mom'; '' when no word says. */
  recipient: string;
  /** e.g. 'Christmas'; '' when no word names one. */
  occasion: string;
  products: Product[];
  colours: string[];
  /** Style words for what the pixels show, e.g. 'vintage', 'typography'. */
  styles: string[];
  /** Light art for dark products, dark art for light ones. */
  tone: DesignTraits['tone'];
  /** The design's place in its run: picks the wording, so neighbours read differently. */
  position: number;
};

export type Product = {
  /** e.g. 'T-Shirt'. */
  name: string;
  /** What buyers also call it, e.g. 'Tee'; '' when nothing. */
  alias: string;
  /** Tags of two words or more, e.g. 'graphic tee'. */
  keywords: readonly string[];
};

/** A seller's title of at most this many words that names no product is a subject to build on, not a title. */
const hintSubjectWordsMax = 3;

/** What the design is about: the seller's title words, else its lettering, else its file name, else its look. */
export function describe(input: Omit<ListingInput, 'image'>, traits: DesignTraits): Subject {
  const products = cleanProducts(input.productTypes);
  const productWords = new Set(products.flatMap((product) => productNameWords(product.name)));
  const sellerWords = hintSubjectWords(input.hints.title, productWords);
  const letteringWords = nameWords(input.designText ?? '', productWords);
  const fileWords = nameWords(input.fileName, productWords);
  // The file name speaks only for a design without readable words.
  const sources =
    letteringWords.length > 0 ? [sellerWords, letteringWords] : [sellerWords, letteringWords, fileWords];
  const words = sources.find((source) => source.length > 0) ?? [];
  const all = sources.flat().map((word) => word.toLowerCase());
  const colours = [...traits.colours];
  const styles = styleRules
    .filter((rule) => rule.applies(traits))
    .map((rule) => rule.word)
    .filter((word) => !all.includes(word))
    .slice(0, 2);
  const fallback = [titleCase(joinWords(colours.slice(0, 2))), titleCase(styles[0] ?? ''), 'Graphic'].filter(
    Boolean,
  );
  return {
    phrase: (words.length > 0 ? words : fallback).join(' '),
    words,
    fromSeller: sellerWords.length > 0,
    lettering: sellerWords.length === 0 && letteringWords.length > 0,
    head: headNoun(sources),
    recipient: all.find((word) => recipients.has(word)) ?? '',
    occasion: occasions.find((o) => o.words.some((w) => all.includes(w)))?.phrase ?? '',
    products,
    colours,
    styles,
    tone: traits.tone,
    position: Math.max(0, Math.trunc(input.position ?? 0)),
  };
}

/** A short seller title ('sunset cat', 'Cat Mom') as typed: all its words are kept; '' for a whole title. */
function hintSubjectWords(title: string, productWords: ReadonlySet<string>): string[] {
  const words = title.normalize('NFKC').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0 || words.length > hintSubjectWordsMax) return [];
  // 'Sunny Star Shirt' names a product, selected or not: it is the seller's title.
  if (productTypes([title]).length > 0 || /\bshirts?\b/i.test(title)) return [];
  if (words.some((word) => productWords.has(word.toLowerCase().replace(/[^\p{L}-]/gu, '')))) return [];
  if (words.some((word) => !/[\p{L}\p{N}]/u.test(word))) return [];
  const typedLower = words.every((word) => word === word.toLowerCase());
  return typedLower ? titleCase(words.join(' ')).split(' ') : words;
}

/**
 * The thing a buyer loves: in each source in turn, among the thing-words before any small word,
 * the last one people love ('Ocean Wave' → 'ocean'), else the last ('Mountain Lake at Night' →
 * 'lake', 'Coffee First' → 'coffee'), else among those after it ('Born to Ride' → 'ride'), made
 * singular ('Cats' → 'cat').
 */
function headNoun(sources: readonly string[][]): string {
  for (const source of sources) {
    const lower = source.map((word) => word.toLowerCase());
    const small = lower.findIndex((word) => smallWords.has(word));
    const before = lower.slice(0, small > 0 ? small : lower.length);
    const thingsIn = (words: string[]) =>
      words.filter((word) => isThing(word) && /^[\p{L}'-]+$/u.test(word)).map(singular);
    // 'Born to Ride': no thing before the small word, so the one after it.
    const things = thingsIn(before).length > 0 ? thingsIn(before) : thingsIn(lower);
    const thing = things.findLast((word) => loves.has(word)) ?? things.at(-1);
    if (thing) return thing;
  }
  return '';
}

// ---- Product types -------------------------------------------------------------------------

/**
 * What buyers call each kind of product besides its name (keyed by the name without spaces or
 * hyphens, matched as a part): a second name for the title and tags of two words or more.
 */
const productTable: Record<string, { alias: string; keywords: readonly string[] }> = {
  tshirt: { alias: 'Tee', keywords: ['graphic tee', 'unisex tshirt'] },
  tanktop: { alias: 'Tank', keywords: ['summer tank top'] },
  hoodie: { alias: 'Hooded Sweatshirt', keywords: ['hooded sweatshirt', 'cozy hoodie'] },
  sweatshirt: { alias: 'Crewneck', keywords: ['crewneck sweater', 'cozy sweatshirt'] },
  mug: { alias: 'Coffee Cup', keywords: ['coffee mug', 'ceramic mug'] },
  poster: { alias: 'Wall Art', keywords: ['wall art', 'art print'] },
  canvas: { alias: 'Wall Art', keywords: ['canvas print', 'wall decor'] },
  totebag: { alias: 'Shopping Bag', keywords: ['canvas tote', 'reusable bag'] },
  phonecase: { alias: 'Phone Cover', keywords: ['phone cover', 'iphone case'] },
  sticker: { alias: 'Decal', keywords: ['laptop sticker', 'vinyl sticker'] },
  pillow: { alias: 'Cushion', keywords: ['throw pillow', 'home decor'] },
  bodysuit: { alias: 'Baby Outfit', keywords: ['baby shower gift', 'baby clothes'] },
  longsleeve: { alias: 'Long Sleeve Tee', keywords: ['long sleeve tee', 'fall shirt'] },
  tumbler: { alias: 'Travel Cup', keywords: ['travel tumbler', 'insulated cup'] },
  hat: { alias: 'Cap', keywords: ['embroidered hat', 'baseball cap'] },
  blanket: { alias: 'Throw Blanket', keywords: ['throw blanket', 'cozy blanket'] },
};

/** Product types as a title shows them: no sizes or notes in brackets, title-cased, each once. */
export function cleanProducts(productTypes: readonly string[]): Product[] {
  const products: Product[] = [];
  for (const type of productTypes) {
    const words = type
      .normalize('NFKC')
      .replace(/\([^)]*\)/g, ' ')
      .replace(/&/g, ' and ')
      .split(/[^\p{L}\p{N}'-]+/u)
      .filter((word) => /\p{L}/u.test(word) && !/\p{N}/u.test(word) && !/^(?:oz|ml|cm|mm|inch)$/i.test(word));
    // 'Canvas 4:3 in an oak floater frame' is a canvas: the name ends where a preposition starts.
    const cut = words.findIndex((word, i) => i > 0 && /^(?:in|with|on|for|of|by|at)$/i.test(word));
    const name = titleCase(words.slice(0, cut > 0 ? Math.min(cut, 4) : 4).join(' ')).replace(/^-+|-+$/g, '');
    if (
      name === '' ||
      [...name].length > 30 ||
      products.some((p) => p.name.toLowerCase() === name.toLowerCase())
    ) {
      continue;
    }
    const compact = name.toLowerCase().replace(/[^\p{L}]/gu, '');
    const known = Object.entries(productTable).find(([key]) => compact.includes(key))?.[1];
    products.push({ name, alias: known?.alias ?? '', keywords: known?.keywords ?? [] });
  }
  return products;
}

/** The words of a product's name as a file name may spell them ('T-shirt': 'shirt', 'tshirt', 'tee'). */
export function productNameWords(name: string): string[] {
  const lower = name.toLowerCase();
  const words = lower.split(/[\s-]+/).concat(lower.replace(/[\s-]+/g, ''));
  const extra = lower.includes('shirt') ? ['tee', 'tshirt', 'shirt'] : [];
  return [...words, ...extra].flatMap((word) => [word, `${word}s`]);
}

// ---- Style -----------------------------------------------------------------------------------

const neutral = new Set(['black', 'charcoal', 'grey', 'light grey', 'white']);
const pastel = new Set([
  ...'lavender mint pink peach cream beige white'.split(' '),
  'sky blue',
  'light grey',
]);
const earthy = new Set(['mustard', 'orange', 'brown', 'tan', 'cream', 'teal', 'maroon', 'olive', 'coral']);

/** Style words a seller would use for what the pixels show; the first two that apply are used. */
const styleRules: readonly { word: string; applies: (t: DesignTraits) => boolean }[] = [
  { word: 'typography', applies: (t) => t.textLike },
  { word: 'black and white', applies: (t) => t.colours.includes('black') && t.colours.includes('white') },
  { word: 'monochrome', applies: (t) => t.colours.length > 0 && t.colours.every((c) => neutral.has(c)) },
  { word: 'pastel', applies: (t) => t.colours.length > 1 && t.colours.every((c) => pastel.has(c)) },
  { word: 'vintage', applies: (t) => t.colours.some((c) => earthy.has(c)) },
  { word: 'vibrant', applies: (t) => t.colours.length === 3 && !t.colours.some((c) => neutral.has(c)) },
  { word: 'minimalist', applies: (t) => t.background === 'transparent' && t.coverage < 0.2 },
];
