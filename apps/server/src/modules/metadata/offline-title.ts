import { checkListing, listingLimits } from '@podflow/contract/metadata';
import { titleCase } from './file-name-words.ts';
import type { Subject } from './offline-subject.ts';
import { plural } from './offline-words.ts';

/**
 * The offline writer's titles: the subject and the first product lead; then a look phrase and a
 * gift phrase, each worded by the design's place in its run, so a batch of designs does not
 * read like one title with the names swapped; then more products while they fit.
 */

/** Product types named after the first two at the end of a title, while they fit. */
const titleExtraProductsMax = 3;

/** e.g. 'Retro Sunset Cat T-Shirt, Vintage Cat Mug, Gift for Cat Lovers'. */
export function composeTitle(subject: Subject): string {
  const [first, second] = subject.products;
  const named = subject.words.length > 0;
  // A phrase made from the look ends in 'Graphic' already.
  const noun = first?.name ?? (named ? designNoun(subject) : '');
  const lead = [subject.phrase, noun].filter(Boolean).join(' ');
  const look = lookPhrase(subject, named, second?.name ?? first?.alias ?? '');
  const gift = giftPhrase(subject);
  const middle = subject.position % 2 === 0 ? [look, gift] : [gift, look];
  const segments = [
    ...middle,
    ...subject.products.slice(2, 2 + titleExtraProductsMax).map((product) => product.name),
  ];
  let title = fitAtWords(oneOfEach(lead), listingLimits.titleMaxChars);
  for (const segment of segments) {
    const longer = oneOfEach(`${title}, ${segment}`);
    if (segment !== '' && [...longer].length <= listingLimits.titleMaxChars) title = longer;
  }
  return title;
}

/** What the design is, when no product is chosen: worded by position. */
function designNoun(subject: Subject): string {
  return ['Design', 'Graphic', 'Artwork'][subject.position % 3]!;
}

/**
 * How it looks, for the second segment: its first colour, its style or a second colour or style,
 * chosen by position (three ways, so neighbours differ; a kind it lacks gives way to its tone),
 * then its thing and a second product name ('Vintage Cat Mug', 'Orange Cat Coffee Cup').
 */
function lookPhrase(subject: Subject, named: boolean, product: string): string {
  // One word of a colour ('light grey' is grey here; the tags keep the whole name).
  const [colour, otherColour] = (named ? subject.colours : []).map((name) => name.split(' ').at(-1)!);
  // 'Typography' says little in a title (the tags and the description have it).
  const styles = subject.styles.filter((word) => word !== 'typography');
  const [style, otherStyle] = named ? styles : styles.slice(1);
  const kinds = [colour, style, otherColour ?? otherStyle];
  // A kind the design lacks gives way to its tone, worded by position too.
  const descriptor =
    kinds[subject.position % kinds.length] ?? pick(subject.position, toneWords[subject.tone]);
  const thing = subject.head ? titleCase(subject.head) : '';
  // Without a product the look names the artwork: 'Sunny Ocean Art'.
  return titleCase(
    [descriptor, thing, product || (descriptor || thing ? 'Art' : '')].filter(Boolean).join(' '),
  );
}

/** Words for light, mid and dark art, three of each so neighbours without colours still differ. */
const toneWords: Record<Subject['tone'], readonly string[]> = {
  light: ['Bright', 'Sunny', 'Radiant'],
  mid: ['Bold', 'Striking', 'Vivid'],
  dark: ['Dark', 'Moody', 'Midnight'],
};

/** What a gift is called and who loves a thing: chosen apart (8 and 11 ways), no word in two. */
const giftNouns = ['Gift', 'Present', 'Surprise', 'Treat', 'Keepsake', 'Must-Have', 'Delight', 'Classic'];
const fanNouns = [
  ...['Lovers', 'Fans', 'Enthusiasts', 'People', 'Admirers', 'Devotees', 'Aficionados', 'Folks'],
  ...['Buffs', 'Geeks', 'Connoisseurs'],
];
const anyone = ['Her or Him', 'Friends', 'Family', 'Coworkers', 'Art Lovers', 'Design Fans', 'Everyone'];

/**
 * Who it is for: 'Gift for Cat Lovers', 'Present for Cat Fans', 'Christmas Treat'. The gift's
 * name and the fans' name are picked by position apart, so two designs of a run share both
 * only when their places are 88 apart (and one of them and the look's kind 24 or 33 apart).
 */
export function giftPhrase(subject: Subject): string {
  const k = subject.position;
  const noun = pick(k, giftNouns);
  const thing = subject.head ? titleCase(subject.head) : '';
  // 'Merry Christmas Cat' says Christmas already: the gift is for cat lovers.
  const occasionSaid = subject.words.some((word) =>
    subject.occasion.toLowerCase().includes(word.toLowerCase()),
  );
  if (subject.occasion && !(occasionSaid && thing)) return `${subject.occasion} ${noun}`;
  if (subject.recipient) {
    const one = titleCase(subject.recipient);
    return `${noun} for ${thing ? `${thing} ${plural(one)}` : one}`;
  }
  if (thing) {
    // Not 'Cat Lovers Mug, Gift for Cat Lovers': the fans are named anew.
    const said = new Set(subject.words.map((word) => word.toLowerCase()));
    const fans = fanNouns.filter((fan) => !said.has(fan.toLowerCase()));
    return `${noun} for ${thing} ${pick(k, fans)}`;
  }
  return `${noun} for ${pick(k, anyone)}`;
}

function pick(position: number, options: readonly string[]): string {
  return options[position % options.length]!;
}

/** The seller's title: as written when it is within the limits, else fitted to them; '' when there is none. */
export function keptTitle(title: string): string {
  if (title.trim() === '') return '';
  const issues = checkListing({ title, keywords: [], description: '' });
  return issues.length === 0
    ? title.trim()
    : fitAtWords(oneOfEach(title.trim()), listingLimits.titleMaxChars);
}

/** Etsy allows each of % : & once in a title: later ones become words or go. */
export function oneOfEach(title: string): string {
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
export function fitAtWords(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const start = chars.slice(0, max + 1).join('');
  const atWord = start
    .slice(0, Math.max(0, start.lastIndexOf(' ')))
    .replace(/(?:[\s,;:&%-]+|\s+(?:and|or|with|for|of|the|a))+$/iu, '')
    .trim();
  return atWord || chars.slice(0, max).join('').trim();
}
