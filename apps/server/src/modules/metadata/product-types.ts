/**
 * The product a template shows, in the words a buyer searches for, read from its name: the
 * starter library's 'Hoodie (white)' is a Hoodie; a seller's 'tee-front-model-3.png' is a T-shirt.
 * A name that names no known product gives nothing (the writers then speak of the design alone).
 */
const products: [RegExp, string][] = [
  // More specific names first: a 'long sleeve t-shirt' is a Long Sleeve Shirt, a 'canvas tote' a Tote Bag.
  [/\blong[- ]?sleeves?\b/i, 'Long Sleeve Shirt'],
  [/\btank[- ]?tops?\b/i, 'Tank Top'],
  [/\bhoodies?\b|\bhooded\b/i, 'Hoodie'],
  [/\bsweat-?shirts?\b|\bcrew-?necks?\b/i, 'Sweatshirt'],
  [/\b(baby )?(bodysuits?|onesies?)\b/i, 'Baby Bodysuit'],
  [/\b(t-?shirts?|tees?)\b/i, 'T-shirt'],
  [/\bmugs?\b|\bcups?\b/i, 'Mug'],
  [/\btumblers?\b/i, 'Tumbler'],
  [/\btote(s| bags?)?\b/i, 'Tote Bag'],
  [/\bcanvas\b/i, 'Canvas Print'],
  [/\bposters?\b|\bprints?\b/i, 'Poster'],
  [/\bphone[- ]?cases?\b|\biphone\b/i, 'Phone Case'],
  [/\b(throw )?pillows?\b|\bcushions?\b/i, 'Throw Pillow'],
  [/\bstickers?\b/i, 'Sticker'],
  [/\bhats?\b|\bcaps?\b/i, 'Hat'],
  [/\bblankets?\b/i, 'Blanket'],
];

/** The distinct product types of these template names, in the order they first appear. */
export function productTypes(templateNames: readonly string[]): string[] {
  const found: string[] = [];
  for (const name of templateNames) {
    const words = name.replace(/[_.]+/g, ' ');
    const match = products.find(([pattern]) => pattern.test(words));
    if (match && !found.includes(match[1])) found.push(match[1]);
  }
  return found;
}
