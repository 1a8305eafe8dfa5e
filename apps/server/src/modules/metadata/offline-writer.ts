import { type Listing, checkListing, listingLimits } from '@podflow/contract/metadata';
import { type DesignTraits, readDesignTraits } from './design-traits.ts';
import { smallWords } from './file-name-words.ts';
import { type ListingInput, type ListingWriter, ListingWriterError } from './listing-writer.ts';
import { type Subject, describe } from './offline-subject.ts';
import { composeTitle, keptTitle } from './offline-title.ts';
import {
  fillerWords,
  isThing,
  joinWords,
  plural,
  recipients,
  singular,
  withArticle,
} from './offline-words.ts';

/**
 * The built-in listing writer, the default: no network and no model. It starts from what the
 * seller typed, then the words printed on the design (or its file name), reads the design's
 * traits (colours, tone, lettering), weaves in the product types, and writes a listing a seller
 * could publish, within every limit of `checkListing` whatever the input. The same input always
 * gives the same listing (no randomness, no clock); the design's place in its run picks among
 * wordings, so the designs of one run read differently even when written in parallel.
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

/** The listing for a design's traits, words, product types and the seller's hints. */
export function writeListing(input: Omit<ListingInput, 'image'>, traits: DesignTraits): Listing {
  const subject = describe(input, traits);
  const { hints } = input;
  return {
    title: (subject.fromSeller ? '' : keptTitle(hints.title)) || composeTitle(subject),
    keywords: composeKeywords(hints.keywords, subject),
    description: composeDescription(hints.description, subject, traits),
  };
}

// ---- Keywords --------------------------------------------------------------------------------

/** Tags that fit any design, so there are always 13: each of two words or more. */
const genericKeywords = [
  ...['graphic design', 'unique gift', 'gift idea', 'trendy design', 'birthday gift', 'gift for friend'],
  ...['gift for her', 'gift for him', 'original art', 'cool design', 'modern design', 'everyday style'],
  ...['statement piece', 'art lover gift', 'aesthetic gift', 'present idea'],
];

/** Exactly 13 unique tags: the seller's valid ones first, then the design's own, then generic ones. */
function composeKeywords(hints: readonly string[], subject: Subject): string[] {
  const keywords: string[] = [];
  const seen = new Set<string>();
  const add = (candidate: string, own = false) => {
    const keyword = candidate.trim().replace(/\s+/g, ' ');
    const key = keyword.toLowerCase();
    if (keyword === '' || keyword.includes(',') || [...keyword].length > listingLimits.keywordMaxChars)
      return;
    // A tag the writer makes has two words or more: 'first' or 'mom' alone finds no buyer.
    if (!own && !keyword.includes(' ')) return;
    if (seen.has(key) || keywords.length >= listingLimits.keywordsMax) return;
    seen.add(key);
    keywords.push(keyword);
  };
  hints.forEach((hint) => add(hint, true));
  subjectKeywords(subject).forEach((keyword) => add(keyword.toLowerCase()));
  genericKeywords.forEach((keyword) => add(keyword));
  return keywords;
}

const artStyles = new Set(['typography', 'black and white', 'monochrome']);

/** The design's own tags, best first: its name, name with product, look, style, gift, then more. */
function subjectKeywords(subject: Subject): string[] {
  const { phrase, words, head, recipient, products, colours, styles, occasion } = subject;
  const noun = head || recipient || occasion.toLowerCase() || styles[0] || 'graphic';
  const lower = words.map((word) => word.toLowerCase());
  // 'sunset cat', not 'mom ever': a pair ends with a thing or a person.
  const pair = (two: string[]) =>
    lower.length > 2 &&
    !two.some((w) => smallWords.has(w)) &&
    !fillerWords.has(two[0] ?? '') &&
    (isThing(two[1] ?? '') || recipients.has(two[1] ?? ''))
      ? two.join(' ')
      : '';
  const shown = products.slice(0, 3);
  const things = lower.filter((word) => isThing(word) && word !== head);
  return [
    words.length > 1 ? phrase : '',
    words.length === 1 && head ? `${head} design` : '',
    ...shown.slice(0, 1).map((product) => `${noun} ${product.name}`),
    pair(lower.slice(-2)),
    pair(lower.slice(0, 2)),
    ...shown.slice(1).map((product) => `${noun} ${product.name}`),
    recipient ? `gift for ${recipient}` : '',
    recipient && head ? `${head} ${recipient}` : '',
    colours.length > 1 ? joinWords(colours.slice(0, 2)) : '',
    ...colours.slice(0, 1).map((colour) => (head ? `${colour} ${head}` : `${colour} aesthetic`)),
    // 'vintage cat', but 'typography art': some styles describe a thing, others the artwork.
    ...styles.map((style) => (head && !artStyles.has(style) ? `${style} ${head}` : `${style} art`)),
    head ? `${head} lover gift` : '',
    head ? `gift for ${head} fans` : '',
    occasion ? `${occasion} gift` : '',
    ...shown.flatMap((product) => product.keywords.slice(0, 1)),
    // In the name's order: 'ocean star', not 'star ocean'.
    ...things.map((word) =>
      !head
        ? `${word} art`
        : lower.indexOf(word) < lower.indexOf(head)
          ? `${word} ${head}`
          : `${head} ${word}`,
    ),
    ...colours.map((colour) => `${colour} art`),
    ...products.flatMap((product) => product.keywords),
  ];
}

// ---- Description -----------------------------------------------------------------------------

/** A seller's description this long, or of several paragraphs, is the whole description. */
const wholeDescriptionChars = 200;

/** Shown products in the description; more are summed up as 'and more'. */
const describedProductsMax = 6;

/**
 * Three short paragraphs: what it is and how it looks, where it is printed, who it is for. A
 * short description the seller typed opens it; a long one is the description.
 */
function composeDescription(hint: string, subject: Subject, traits: DesignTraits): string {
  const typed = hint.trim();
  const fits = [...hint].length <= listingLimits.descriptionMaxChars;
  if (typed !== '' && fits && ([...typed].length >= wholeDescriptionChars || typed.includes('\n'))) {
    return hint;
  }
  const written = writtenDescription(subject, traits);
  return typed !== '' && fits ? `${typed}\n\n${written}` : written;
}

function writtenDescription(subject: Subject, traits: DesignTraits): string {
  const style = subject.styles[0] ?? 'graphic';
  const colours =
    subject.colours.length > 0 && style !== 'black and white' ? ` in ${joinWords(subject.colours)}` : '';
  const design = `${withArticle(style)} design${colours}`;
  const openings = [
    `${subject.phrase}: ${design}.`,
    `${subject.phrase}, ${design}.`,
    `${capitalise(design)}: ${subject.phrase}.`,
  ];
  const what =
    subject.words.length > 0 ? openings[subject.position % openings.length]! : `${capitalise(design)}.`;
  const look = [
    subject.lettering ? 'The words are printed just as they appear on the design.' : '',
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
  const names = subject.products.map((product) => pluralName(product.name));
  const shown =
    names.length > describedProductsMax ? [...names.slice(0, describedProductsMax), 'more'] : names;
  const where =
    shown.length > 0
      ? `Available on ${joinWords(shown)}. Each piece is printed on demand, just for you.`
      : 'Printed on demand on the product of your choice, just for you.';
  return [[what, ...look].filter(Boolean).join(' '), where, whoFor(subject)].join('\n\n');
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'T-Shirt' → 'T-Shirts', 'Canvas' → 'Canvases'; 'Bags and Totes' is plural already. */
function pluralName(name: string): string {
  const words = name.split(' ');
  const last = words.at(-1) ?? '';
  if (singular(last).toLowerCase() !== last.toLowerCase()) return name;
  return [...words.slice(0, -1), plural(last)].join(' ');
}

function whoFor(subject: Subject): string {
  if (subject.occasion)
    return `A fun ${subject.occasion} gift for friends and family, or a treat for yourself.`;
  if (subject.recipient) {
    const who = subject.head ? `${subject.head} ${plural(subject.recipient)}` : `every ${subject.recipient}`;
    return `Made for ${who}: a birthday or holiday gift they will reach for every day.`;
  }
  const lovers = subject.head ? ` for ${subject.head} lovers` : '';
  return [
    `A thoughtful birthday or holiday gift${lovers}, or a treat for yourself.`,
    `Give it to ${subject.head ? `the ${subject.head} lover in your life` : 'someone who loves good design'}, or keep it for yourself.`,
  ][subject.position % 2]!;
}

const layoutLines: Record<DesignTraits['orientation'], string> = {
  portrait: 'Its tall layout suits the front of a shirt or a poster.',
  landscape: 'Its wide layout suits mugs, totes and wall art.',
  square: 'Its balanced square layout sits well on almost any product.',
};
