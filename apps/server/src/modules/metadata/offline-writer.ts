import { type Listing, checkListing, listingLimits } from '@podflow/contract/metadata';
import { type DesignTraits, readDesignTraits } from './design-traits.ts';
import { nameWords, smallWords, titleCase } from './file-name-words.ts';
import { type ListingInput, type ListingWriter, ListingWriterError } from './listing-writer.ts';

/**
 * The built-in listing writer, the default: no network and no model. It reads the design's
 * traits (colours, tone, lettering) and the words of its file name, weaves in the product types,
 * and writes a listing a seller could publish, within every limit of `checkListing` whatever
 * the input. The same input always gives the same listing (no randomness, no clock).
 */
export function offlineListingWriter({ maxPixels = 100_000_000 } = {}): ListingWriter {
  return {
    name: 'offline',
    async write(input: ListingInput, signal?: AbortSignal): Promise<Listing> {
      signal?.throwIfAborted();
      const traits = await readDesignTraits(input.image, maxPixels).catch((error: unknown) => {
        throw new ListingWriterError((error as Error).message);
      });
      signal?.throwIfAborted();
      const listing = writeListing(input, traits);
      const issues = checkListing(listing);
      if (issues.length > 0)
        throw new ListingWriterError(`The offline writer broke a limit: ${issues[0]?.message}`);
      return listing;
    },
  };
}

/** What the listing is about, in the words every part of it shares. */
type Subject = {
  /** Title-cased, e.g. 'Retro Sunset Cat'. */
  phrase: string;
  /** The noun a buyer loves, e.g. 'cat' (for 'cat lover gift'); '' when the name gives none. */
  head: string;
  words: string[];
  occasion: string;
  products: Product[];
  colours: string[];
  styles: string[];
};

type Product = { name: string; alias: string; keywords: readonly string[] };

/** The listing for a design's traits, file name, product types and the seller's hints. */
export function writeListing(
  { fileName, productTypes, hints }: Omit<ListingInput, 'image'>,
  traits: DesignTraits,
): Listing {
  const subject = describe(fileName, hints.title, productTypes, traits);
  return {
    title: keptTitle(hints.title) || composeTitle(subject),
    keywords: composeKeywords(hints.keywords, subject),
    description: keptDescription(hints.description) || composeDescription(subject, traits),
  };
}

function describe(
  fileName: string,
  hintTitle: string,
  productTypes: string[],
  traits: DesignTraits,
): Subject {
  const products = cleanProducts(productTypes);
  const productWords = new Set(products.flatMap((product) => productNameWords(product.name)));
  const words =
    [fileName, hintTitle].map((text) => nameWords(text, productWords)).find((w) => w.length > 0) ?? [];
  const colours: string[] = [...traits.colours];
  const styles = styleRules
    .filter((rule) => rule.applies(traits))
    .map((rule) => rule.word)
    .filter((word) => !words.some((w) => w.toLowerCase() === word))
    .slice(0, 2);
  const lower = words.map((word) => word.toLowerCase());
  const occasion = occasions.find((o) => o.words.some((w) => lower.includes(w)));
  const fallback = [titleCase(joinWords(colours.slice(0, 2))), titleCase(styles[0] ?? ''), 'Graphic'];
  return {
    phrase: (words.length > 0 ? words : fallback.filter(Boolean)).join(' '),
    head: headNoun(lower),
    words,
    occasion: occasion?.phrase ?? '',
    products,
    colours,
    styles,
  };
}

// ---- Subject --------------------------------------------------------------------------------

/** Words that describe or address rather than name: 'Retro Cute' has no noun to love. */
const notNouns = new Set(
  (
    'retro vintage funny cute cool happy little big best new old aesthetic minimalist boho groovy classic ' +
    'modern i me my you your we our merry quote quotes saying text logo vibes vibe style lover lovers gift'
  ).split(' '),
);

/**
 * The noun a buyer loves, for 'cat lover gift': the last word before any small word ('Mountain
 * Lake at Night' → 'lake'); '' when that word describes, addresses or names an occasion.
 */
function headNoun(lower: readonly string[]): string {
  const small = lower.findIndex((word) => smallWords.has(word));
  const last = lower.slice(0, small > 0 ? small : lower.length).at(-1) ?? '';
  const occasion = occasions.some((o) => o.words.includes(last));
  return last === '' || notNouns.has(last) || occasion ? '' : last;
}

// ---- Product types -------------------------------------------------------------------------

/**
 * What buyers call each kind of product besides its name (keyed by the name without spaces or
 * hyphens, matched as a part): a second name for the title and phrases for the tags.
 */
const productTable: Record<string, { alias: string; keywords: readonly string[] }> = {
  tshirt: { alias: 'Tee', keywords: ['graphic tee', 'tshirt'] },
  tanktop: { alias: 'Tank', keywords: ['summer tank top'] },
  hoodie: { alias: 'Hooded Sweatshirt', keywords: ['hooded sweatshirt', 'cozy hoodie'] },
  sweatshirt: { alias: 'Crewneck', keywords: ['crewneck sweater', 'cozy sweatshirt'] },
  mug: { alias: 'Coffee Cup', keywords: ['coffee mug', 'coffee cup'] },
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
function cleanProducts(productTypes: readonly string[]): Product[] {
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
function productNameWords(name: string): string[] {
  const lower = name.toLowerCase();
  const words = lower.split(/[\s-]+/).concat(lower.replace(/[\s-]+/g, ''));
  const extra = lower.includes('shirt') ? ['tee', 'tshirt', 'shirt'] : [];
  return [...words, ...extra].flatMap((word) => [word, `${word}s`]);
}

// ---- Style and occasion ----------------------------------------------------------------------

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

/** Occasions a name can mention, with the words that give them away. */
const occasions: readonly { words: readonly string[]; phrase: string }[] = [
  { words: ['christmas', 'xmas'], phrase: 'Christmas' },
  { words: ['halloween', 'spooky'], phrase: 'Halloween' },
  { words: ['valentine', 'valentines'], phrase: "Valentine's Day" },
  { words: ['easter'], phrase: 'Easter' },
  { words: ['thanksgiving'], phrase: 'Thanksgiving' },
  { words: ['birthday', 'bday'], phrase: 'Birthday' },
  { words: ['wedding', 'bride', 'groom'], phrase: 'Wedding' },
  { words: ['graduation', 'graduate', 'grad'], phrase: 'Graduation' },
];

// ---- Title -----------------------------------------------------------------------------------

/** The seller's title: as written when it is within the limits, else fitted to them; '' when there is none. */
function keptTitle(title: string): string {
  if (title.trim() === '') return '';
  const issues = checkListing({ title, keywords: [], description: '' });
  return issues.length === 0
    ? title.trim()
    : fitAtWords(oneOfEach(title.trim()), listingLimits.titleMaxChars);
}

/** Product types named after the first two at the end of a title, while they fit. */
const titleExtraProductsMax = 3;

/** e.g. 'Retro Sunset Cat T-Shirt, Orange and Purple Vintage Graphic Tee, Cat Lover Gift'. */
function composeTitle(subject: Subject): string {
  const [first, second] = subject.products;
  const named = subject.words.length > 0;
  const lead = first
    ? `${subject.phrase} ${first.name}`
    : named
      ? `${subject.phrase} Design`
      : subject.phrase;
  const look = [joinWords(subject.colours.slice(0, 2)), subject.styles[0] ?? ''].filter(Boolean).join(' ');
  const also = second?.name ?? first?.alias ?? '';
  // A title from traits alone already leads with the look; it is not said twice.
  const lookSegment = named && (look || also) ? titleCase(`${look} Graphic ${also}`.trim()) : also;
  const segments = [
    lookSegment,
    giftPhrase(subject),
    ...subject.products.slice(2, 2 + titleExtraProductsMax).map((product) => product.name),
  ];
  let title = fitAtWords(lead, listingLimits.titleMaxChars);
  for (const segment of segments) {
    const longer = `${title}, ${segment}`;
    if (segment !== '' && [...longer].length <= listingLimits.titleMaxChars) title = longer;
  }
  return title;
}

function giftPhrase(subject: Subject): string {
  if (subject.occasion) return `${subject.occasion} Gift`;
  return subject.head ? `${titleCase(subject.head)} Lover Gift` : 'Unique Gift Idea';
}

/** Etsy allows each of % : & once in a title: later ones become words or go. */
function oneOfEach(title: string): string {
  const seen = new Set<string>();
  return title
    .replace(/[%:&]/g, (char) => {
      if (seen.has(char)) return char === '&' ? ' and ' : ' ';
      seen.add(char);
      return char;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The longest start of `text` within `max` characters that ends at a word, without a dangling 'and' or comma. */
function fitAtWords(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const start = chars.slice(0, max + 1).join('');
  const atWord = start
    .slice(0, Math.max(0, start.lastIndexOf(' ')))
    .replace(/(?:[\s,;:&%-]+|\s+(?:and|or|with|for|of|the|a))+$/iu, '')
    .trim();
  return atWord || chars.slice(0, max).join('').trim();
}

/** 'orange', 'purple' → 'orange and purple'; three or more with commas. */
function joinWords(words: readonly string[]): string {
  if (words.length < 2) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

// ---- Keywords --------------------------------------------------------------------------------

/** Tags that fit any design, so there are always 13. */
const genericKeywords = [
  ...['graphic design', 'unique gift', 'gift idea', 'trendy design', 'birthday gift', 'gift for friend'],
  ...['gift for her', 'gift for him', 'original art', 'cool design', 'modern design', 'everyday style'],
  ...['statement piece', 'art lover gift', 'aesthetic', 'present idea'],
];

/** Exactly 13 unique tags: the seller's valid ones first, then the design's own, then generic ones. */
function composeKeywords(hints: readonly string[], subject: Subject): string[] {
  const keywords: string[] = [];
  const seen = new Set<string>();
  const add = (candidate: string) => {
    const keyword = candidate.trim().replace(/\s+/g, ' ');
    const key = keyword.toLowerCase();
    if (keyword === '' || keyword.includes(',') || [...keyword].length > listingLimits.keywordMaxChars)
      return;
    if (seen.has(key) || keywords.length >= listingLimits.keywordsMax) return;
    seen.add(key);
    keywords.push(keyword);
  };
  hints.forEach(add);
  subjectKeywords(subject).forEach((keyword) => add(keyword.toLowerCase()));
  genericKeywords.forEach(add);
  return keywords;
}

/** The design's own tags, best first: its name, name with product, look, style, gift, then single words. */
function subjectKeywords({ phrase, words, head, products, colours, styles, occasion }: Subject): string[] {
  const noun = head || occasion || styles[0] || 'graphic';
  const lower = words.map((word) => word.toLowerCase());
  const pair = (two: string[]) =>
    lower.length > 2 && !two.some((w) => smallWords.has(w)) ? two.join(' ') : '';
  const shown = products.slice(0, 3);
  return [
    words.length > 0 ? phrase : '',
    ...shown.slice(0, 1).map((product) => `${noun} ${product.name}`),
    pair(lower.slice(-2)),
    pair(lower.slice(0, 2)),
    ...shown.slice(1).map((product) => `${noun} ${product.name}`),
    colours.length > 1 ? joinWords(colours.slice(0, 2)) : '',
    ...colours.slice(0, 1).map((colour) => `${colour} aesthetic`),
    ...styles,
    head && styles[0] ? `${styles[0]} ${head}` : '',
    head ? `${head} lover gift` : '',
    occasion ? `${occasion} gift` : '',
    ...shown.flatMap((product) => product.keywords.slice(0, 1)),
    ...lower.filter((word) => [...word].length >= 3 && !smallWords.has(word)),
    ...colours.map((colour) => `${colour} art`),
    ...products.flatMap((product) => product.keywords),
  ];
}

// ---- Description -----------------------------------------------------------------------------

/** The seller's description when there is one within the stored limit; '' otherwise. */
function keptDescription(description: string): string {
  const fits = [...description].length <= listingLimits.descriptionMaxChars;
  return description.trim() !== '' && fits ? description : '';
}

/** Shown products in the description; more are summed up as 'and more'. */
const describedProductsMax = 6;

/** Three short paragraphs: what it is and how it looks, where it is printed, who it is for. */
function composeDescription(subject: Subject, traits: DesignTraits): string {
  const style = subject.styles[0] ?? 'graphic';
  const colours =
    subject.colours.length > 0 && style !== 'black and white' ? ` in ${joinWords(subject.colours)}` : '';
  const what =
    subject.words.length > 0
      ? `${subject.phrase}: a ${style} design${colours}.`
      : `A ${style} design${colours}.`;
  const look = [
    traits.background === 'transparent'
      ? 'It is printed without a background, so only the artwork shows and the product frames it.'
      : 'The artwork fills its print area edge to edge for a bold, rich look.',
    traits.textLike ? 'The lettering is crisp and easy to read.' : '',
    traits.background === 'transparent' && traits.tone === 'light'
      ? 'Its light tones stand out best on black and dark products.'
      : '',
    traits.background === 'transparent' && traits.tone === 'dark'
      ? 'Its dark tones look sharpest on white and light products.'
      : '',
    layoutLines[traits.orientation],
  ];
  const names = subject.products.map((product) => product.name);
  const shown =
    names.length > describedProductsMax ? [...names.slice(0, describedProductsMax), 'more'] : names;
  const where =
    shown.length > 0
      ? `Available on: ${joinWords(shown)}. Each piece is printed on demand, just for you.`
      : 'Printed on demand on the product of your choice, just for you.';
  const who = subject.occasion
    ? `A fun ${subject.occasion} gift for friends and family, or a treat for yourself.`
    : `A thoughtful gift for ${subject.head ? `${subject.head} lovers, ` : ''}birthdays and holidays, or a treat for yourself.`;
  return [[what, ...look].filter(Boolean).join(' '), where, who].join('\n\n');
}

const layoutLines: Record<DesignTraits['orientation'], string> = {
  portrait: 'Its tall layout suits the front of a shirt or a poster.',
  landscape: 'Its wide layout suits mugs, totes and wall art.',
  square: 'Its balanced square layout sits well on almost any product.',
};
