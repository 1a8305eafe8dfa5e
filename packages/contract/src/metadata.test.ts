import { describe, expect, it } from 'vitest';
import {
  type Listing,
  checkListing,
  joinKeywords,
  listingLimits,
  metadataMessages,
  splitKeywords,
} from './metadata.ts';

/** A listing that breaks no limit; each test changes the one field it is about. */
function buildListing(overrides: Partial<Listing> = {}): Listing {
  return {
    title: 'Retro sunset cat t-shirt',
    keywords: ['retro', 'sunset', 'cat lover'],
    description: 'A cat watching a retro sunset, printed on soft cotton.',
    ...overrides,
  };
}

/** n distinct keywords of a few characters each. */
function keywords(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `tag ${i + 1}`);
}

describe('listingLimits', () => {
  it("are Etsy's, the strictest store PodFlow lists on (the web app's counters show them)", () => {
    expect(listingLimits).toEqual({
      titleMaxChars: 140,
      keywordsMax: 13,
      keywordMaxChars: 20,
      titleOnceChars: ['%', ':', '&'],
      descriptionMaxChars: 10_000,
    });
  });
});

describe('checkListing', () => {
  it('has nothing to say about a listing within every limit', () => {
    expect(checkListing(buildListing())).toEqual([]);
  });

  describe('title length', () => {
    it('passes a title of exactly 140 characters', () => {
      expect(checkListing(buildListing({ title: 'a'.repeat(140) }))).toEqual([]);
    });

    it('warns one character over, saying by how much to shorten it', () => {
      expect(checkListing(buildListing({ title: 'a'.repeat(141) }))).toEqual([
        { field: 'title', message: 'Title is 141 characters; stores allow 140. Shorten it by 1.' },
      ]);
      expect(checkListing(buildListing({ title: 'a'.repeat(150) }))).toEqual([
        { field: 'title', message: 'Title is 150 characters; stores allow 140. Shorten it by 10.' },
      ]);
    });

    it('counts an emoji or accented letter as one character, as the stores do', () => {
      expect(checkListing(buildListing({ title: '🌅'.repeat(140) }))).toEqual([]);
      expect(checkListing(buildListing({ title: 'é'.repeat(139) + '🐈' }))).toEqual([]);
      expect(checkListing(buildListing({ title: '🌅'.repeat(141) }))).toEqual([
        { field: 'title', message: 'Title is 141 characters; stores allow 140. Shorten it by 1.' },
      ]);
    });
  });

  describe('characters Etsy allows once in a title', () => {
    it('passes each of % : & used once', () => {
      expect(checkListing(buildListing({ title: '100% cotton: cats & dogs' }))).toEqual([]);
    });

    it.each(['%', ':', '&'])("warns when '%s' appears twice", (char) => {
      expect(checkListing(buildListing({ title: `Cats ${char} dogs ${char} birds` }))).toEqual([
        { field: 'title', message: `Etsy allows '${char}' only once in a title.` },
      ]);
    });

    it('names every repeated character in one warning, in the order Etsy lists them', () => {
      expect(checkListing(buildListing({ title: 'Cats & dogs: 50% off & 20% more: yes' }))).toEqual([
        { field: 'title', message: "Etsy allows '%', ':', '&' only once in a title." },
      ]);
      expect(checkListing(buildListing({ title: 'A & B & C: one' }))).toEqual([
        { field: 'title', message: "Etsy allows '&' only once in a title." },
      ]);
    });

    it('does not mind other characters repeated', () => {
      expect(checkListing(buildListing({ title: 'Cats, dogs, birds!! #1 #2 -- (yes)' }))).toEqual([]);
    });
  });

  describe('keyword count', () => {
    it('passes exactly 13 keywords', () => {
      expect(checkListing(buildListing({ keywords: keywords(13) }))).toEqual([]);
    });

    it('warns at 14, saying how many to remove', () => {
      expect(checkListing(buildListing({ keywords: keywords(14) }))).toEqual([
        { field: 'keywords', message: '14 keywords; stores allow 13. Remove 1.' },
      ]);
      expect(checkListing(buildListing({ keywords: keywords(20) }))).toEqual([
        { field: 'keywords', message: '20 keywords; stores allow 13. Remove 7.' },
      ]);
    });

    it('passes a listing with no keywords at all', () => {
      expect(checkListing(buildListing({ keywords: [] }))).toEqual([]);
    });
  });

  describe('keyword length', () => {
    it('passes a keyword of exactly 20 characters, emoji counted as one', () => {
      expect(checkListing(buildListing({ keywords: ['k'.repeat(20), '🐈'.repeat(20)] }))).toEqual([]);
    });

    it('warns about a keyword of 21 characters, quoting it', () => {
      const long = 'vintage sunset kitty'; // 20
      expect(checkListing(buildListing({ keywords: ['cat', `${long}s`] }))).toEqual([
        {
          field: 'keywords',
          message: "Keywords may have 20 characters at most: 'vintage sunset kittys'.",
        },
      ]);
    });

    it('quotes every long keyword in one warning, in the seller’s order', () => {
      expect(checkListing(buildListing({ keywords: ['b'.repeat(25), 'short', '🐈'.repeat(21)] }))).toEqual([
        {
          field: 'keywords',
          message: `Keywords may have 20 characters at most: '${'b'.repeat(25)}', '${'🐈'.repeat(21)}'.`,
        },
      ]);
    });
  });

  describe('repeated keywords', () => {
    it('passes keywords that are alike but not the same', () => {
      expect(checkListing(buildListing({ keywords: ['cat', 'cats', 'cat shirt'] }))).toEqual([]);
    });

    it('warns about a keyword given twice, ignoring case, quoting the later spelling', () => {
      expect(checkListing(buildListing({ keywords: ['Cat', 'dog', 'cat'] }))).toEqual([
        { field: 'keywords', message: "Repeated keyword: 'cat'." },
      ]);
    });

    it('names a keyword given three times once', () => {
      expect(checkListing(buildListing({ keywords: ['cat', 'cat', 'cat'] }))).toEqual([
        { field: 'keywords', message: "Repeated keyword: 'cat'." },
      ]);
    });

    it('uses the plural for two repeated keywords and names both', () => {
      expect(checkListing(buildListing({ keywords: ['cat', 'dog', 'CAT', 'Dog'] }))).toEqual([
        { field: 'keywords', message: "Repeated keywords: 'CAT', 'Dog'." },
      ]);
    });
  });

  describe('description length', () => {
    it('passes a description of exactly 10,000 characters, emoji counted as one', () => {
      expect(checkListing(buildListing({ description: 'd'.repeat(10_000) }))).toEqual([]);
      expect(checkListing(buildListing({ description: '🌅'.repeat(10_000) }))).toEqual([]);
    });

    it('warns one character over', () => {
      expect(checkListing(buildListing({ description: 'd'.repeat(10_001) }))).toEqual([
        { field: 'description', message: 'Description is longer than 10000 characters.' },
      ]);
    });
  });

  it('lists every broken limit, title first, then keywords, then description', () => {
    const listing: Listing = {
      title: `${'a'.repeat(140)} %%`,
      keywords: [...keywords(13), 'x'.repeat(21), 'tag 1'],
      description: 'd'.repeat(10_001),
    };
    expect(checkListing(listing)).toEqual([
      { field: 'title', message: 'Title is 143 characters; stores allow 140. Shorten it by 3.' },
      { field: 'title', message: "Etsy allows '%' only once in a title." },
      { field: 'keywords', message: '15 keywords; stores allow 13. Remove 2.' },
      {
        field: 'keywords',
        message: `Keywords may have 20 characters at most: '${'x'.repeat(21)}'.`,
      },
      { field: 'keywords', message: "Repeated keyword: 'tag 1'." },
      { field: 'description', message: 'Description is longer than 10000 characters.' },
    ]);
  });
});

describe('splitKeywords', () => {
  it('splits the stored string at commas, trimming each keyword', () => {
    expect(splitKeywords('retro, sunset ,cat lover')).toEqual(['retro', 'sunset', 'cat lover']);
  });

  it('drops empty entries and collapses runs of spaces, tabs and line breaks to one space', () => {
    expect(splitKeywords(' ,retro   sunset,, \t ,cat\t\nlover , ')).toEqual(['retro sunset', 'cat lover']);
  });

  it('gives no keywords for an empty or blank string', () => {
    expect(splitKeywords('')).toEqual([]);
    expect(splitKeywords(' , ,  ')).toEqual([]);
  });

  it('round-trips with joinKeywords, the stored form the seller sees again', () => {
    const stored = joinKeywords(splitKeywords('a ,b,  c   d'));
    expect(stored).toBe('a, b, c d');
    expect(splitKeywords(stored)).toEqual(['a', 'b', 'c d']);
  });
});

describe('joinKeywords', () => {
  it('joins keywords with a comma and a space', () => {
    expect(joinKeywords(['retro', 'cat lover'])).toBe('retro, cat lover');
    expect(joinKeywords([])).toBe('');
  });
});

describe('metadataMessages', () => {
  it('says nothing was saved when no design changed', () => {
    expect(metadataMessages.saved(0)).toBe('Nothing to save: every design already has this metadata.');
  });

  it('counts saved designs with the right plural', () => {
    expect(metadataMessages.saved(1)).toBe('1 design saved.');
    expect(metadataMessages.saved(2)).toBe('2 designs saved.');
  });

  it('counts queued designs with the right plural', () => {
    expect(metadataMessages.queued(1)).toBe('Writing metadata for 1 design. It runs in the background.');
    expect(metadataMessages.queued(3)).toBe('Writing metadata for 3 designs. It runs in the background.');
  });
});
