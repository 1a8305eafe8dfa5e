import { smallWords } from './file-name-words.ts';

/**
 * The English the offline writer needs to read a design's words and to write about them:
 * articles, plurals, which words are things a buyer loves, who a gift is for, and occasions.
 * Small hand-made word lists, not a dictionary: they cover the words sellers put in design names.
 */

/** 'an orange', 'a unicorn', 'an hour': by the sound of the first letter, as buyers read it. */
export function article(word: string): 'a' | 'an' {
  const lower = word.toLowerCase();
  if (/^(?:hour|honest|honou?r|heir)/.test(lower)) return 'an';
  if (/^(?:uni|use|usu|ura|eu|one|once|ewe)/.test(lower)) return 'a';
  if (/^[aeiou]/.test(lower)) return 'an';
  // Acronyms read letter by letter: 'an NYC', 'an 80s'.
  if (/^(?:[fhlmnrsx]\p{Lu}|8)/u.test(word)) return 'an';
  return 'a';
}

/** 'a cat', 'an owl'. */
export function withArticle(phrase: string): string {
  return `${article(phrase)} ${phrase}`;
}

const irregularPlurals: Record<string, string> = {
  mouse: 'mice',
  goose: 'geese',
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  wolf: 'wolves',
  leaf: 'leaves',
  life: 'lives',
  wife: 'wives',
  knife: 'knives',
  fish: 'fish',
  sheep: 'sheep',
  deer: 'deer',
  moose: 'moose',
};
const irregularSingulars = Object.fromEntries(Object.entries(irregularPlurals).map(([a, b]) => [b, a]));
/** Words that end in s in the singular ('glass', 'cactus', 'bus'). */
const singularInS = /(?:ss|us|is|os|as|ics|news|series|species)$/;

/** 'cat' → 'cats', 'puppy' → 'puppies', 'fox' → 'foxes', 'wolf' → 'wolves'; case follows the word. */
export function plural(word: string): string {
  const lower = word.toLowerCase();
  const irregular = irregularPlurals[lower];
  let result: string;
  if (irregular) result = irregular;
  else if (/[^aeiou]y$/.test(lower)) result = `${lower.slice(0, -1)}ies`;
  else if (/(?:s|x|z|ch|sh)$/.test(lower)) result = `${lower}es`;
  else result = `${lower}s`;
  return matchCase(word, result);
}

/** 'cats' → 'cat', 'puppies' → 'puppy', 'foxes' → 'fox'; words that are not plural stay. */
export function singular(word: string): string {
  const lower = word.toLowerCase();
  const irregular = irregularSingulars[lower];
  let result: string;
  if (irregular) result = irregular;
  else if (lower.length <= 3 || singularInS.test(lower) || !lower.endsWith('s')) result = lower;
  else if (/[^aeiou]ies$/.test(lower)) result = `${lower.slice(0, -3)}y`;
  else if (/(?:x|z|ch|sh|sses)es$/.test(lower)) result = lower.slice(0, -2);
  else result = lower.slice(0, -1);
  return matchCase(word, result);
}

function matchCase(model: string, word: string): string {
  if (model.length > 1 && model === model.toUpperCase()) return word.toUpperCase();
  if (/^\p{Lu}/u.test(model)) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

/** 'orange', 'purple' → 'orange and purple'; three or more with commas. */
export function joinWords(words: readonly string[]): string {
  if (words.length < 2) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

const list = (text: string) => new Set(text.trim().split(/\s+/));

/**
 * Words that describe, address, act or count rather than name a thing: 'Coffee First' is about
 * coffee, 'Stay Wild' names nothing to love. Such a word is never a tag on its own.
 */
export const notNouns = list(`
  retro vintage funny cute cool happy little big best new old aesthetic minimalist boho groovy classic
  modern i me my you your we our us he she it they them his her their merry quote quotes saying text
  logo vibes vibe style lover lovers gift gifts first last wild stay free just but love loved loving live
  laugh be is are was am kind good bad only all not never always more less so very too get let lets
  do dont don't keep calm hello hey yes no one two three four five ten day daily eat sleep repeat go
  make made hand drawn handmade sweet tiny mini super mega ultra awesome epic lucky pretty beautiful
  dark light bright bold soft wavy simple fun crazy silly proud official original custom personalized
  feel feeling feels need needs want wants like likes this that these those here there what who
  hot cold warm cozy chill ever forever again still club squad crew team gang society mode season era
  energy fan fans life born raised awaits matters wins please humble`);

/** Words that cannot start a two-word tag: 'my dragon', 'love coffee' find no buyer. */
export const fillerWords = list(`
  i me my you your we our us he she it they them his her their be is are was am do dont don't get
  let lets love loved loving keep stay just but so very too not never always this that`);

/**
 * Things people call themselves lovers of: in 'Ocean Wave' the buyer loves the ocean, in
 * 'Retro Sunset Cat' the cat. Preferred to the last word of a name when one is there.
 */
export const loves = list(`
  cat kitten dog puppy horse fox owl bear wolf deer bee bird butterfly frog turtle whale shark dolphin
  octopus dinosaur unicorn dragon panda koala sloth llama penguin ocean beach sea surf mountain forest
  camping hiking travel coffee tea wine beer pizza taco book reading music guitar yoga garden plant
  flower sunflower rose moon space planet skull ghost cactus mushroom fishing golf soccer football
  basketball baseball running cycling bicycle camper nature sunset`);

/** People a design is a gift for, as a title names them: 'mom' → 'Mom', 'mama' → 'Mama'. */
export const recipients = list(`
  mom mum mama mommy mother dad papa daddy father grandma grandpa granny nana grandmother grandfather
  sister brother sis bro wife husband aunt auntie uncle niece nephew son daughter teacher nurse doctor
  boss coworker friend bestie bride groom girlfriend boyfriend baby kid kids dog-mom cat-mom
  dogmom catmom dogdad catdad`);

/** Occasions a design's words can name, with the words that give them away. */
export const occasions: readonly { words: readonly string[]; phrase: string }[] = [
  { words: ['christmas', 'xmas'], phrase: 'Christmas' },
  { words: ['halloween', 'spooky'], phrase: 'Halloween' },
  { words: ['valentine', 'valentines'], phrase: "Valentine's Day" },
  { words: ['easter'], phrase: 'Easter' },
  { words: ['thanksgiving'], phrase: 'Thanksgiving' },
  { words: ['birthday', 'bday'], phrase: 'Birthday' },
  { words: ['wedding', 'bride', 'groom'], phrase: 'Wedding' },
  { words: ['graduation', 'graduate', 'grad'], phrase: 'Graduation' },
  { words: ['mothers', "mother's"], phrase: "Mother's Day" },
  { words: ['fathers', "father's"], phrase: "Father's Day" },
];

/** A word that can stand as a tag alone: a thing, at least 3 letters, not a small or describing word. */
export function isThing(lower: string): boolean {
  return (
    [...lower].length >= 3 &&
    /\p{L}/u.test(lower) &&
    !smallWords.has(lower) &&
    !notNouns.has(lower) &&
    !recipients.has(lower) &&
    !occasions.some((o) => o.words.includes(lower))
  );
}
