/**
 * SPEC.md section 7 "Workspaces and designs": a design's listing metadata (title, keywords,
 * description), saved by hand or written by AI, plus a CSV round trip; and the limits sellers
 * need for Etsy and Shopify, checked the same way in the web app, the server and the AI writers.
 */

/** Etsy's limits, the strictest of the stores PodFlow lists on. */
export const listingLimits = {
  titleMaxChars: 140,
  keywordsMax: 13,
  keywordMaxChars: 20,
  /** Characters Etsy allows once each in a title. */
  titleOnceChars: ['%', ':', '&'],
  /** A bound on what is stored, not a store's limit. */
  descriptionMaxChars: 10_000,
} as const;

/** A design's listing metadata as the AI writers and the checks see it. */
export type Listing = { title: string; keywords: string[]; description: string };

/** Keywords are stored as one comma-separated string (SPEC's seo_keywords): split and trimmed, empties dropped. */
export function splitKeywords(text: string): string[] {
  return text
    .split(',')
    .map((keyword) => keyword.trim().replace(/\s+/g, ' '))
    .filter((keyword) => keyword !== '');
}

/** The stored form of a keyword list. */
export function joinKeywords(keywords: readonly string[]): string {
  return keywords.join(', ');
}

/** One thing to fix in a listing; saving is still allowed (the seller decides). */
export type ListingIssue = { field: 'title' | 'keywords' | 'description'; message: string };

/** Every limit a listing breaks, in words a seller can act on; [] when it is ready to publish. */
export function checkListing(listing: Listing): ListingIssue[] {
  const issues: ListingIssue[] = [];
  const { titleMaxChars, keywordsMax, keywordMaxChars, titleOnceChars, descriptionMaxChars } = listingLimits;
  const title = [...listing.title];
  if (title.length > titleMaxChars) {
    issues.push({
      field: 'title',
      message: `Title is ${title.length} characters; stores allow ${titleMaxChars}. Shorten it by ${title.length - titleMaxChars}.`,
    });
  }
  const repeated = titleOnceChars.filter((char) => title.filter((c) => c === char).length > 1);
  if (repeated.length > 0) {
    issues.push({
      field: 'title',
      message: `Etsy allows ${repeated.map((c) => `'${c}'`).join(', ')} only once in a title.`,
    });
  }
  const keywords = listing.keywords;
  if (keywords.length > keywordsMax) {
    issues.push({
      field: 'keywords',
      message: `${keywords.length} keywords; stores allow ${keywordsMax}. Remove ${keywords.length - keywordsMax}.`,
    });
  }
  const long = keywords.filter((keyword) => [...keyword].length > keywordMaxChars);
  if (long.length > 0) {
    issues.push({
      field: 'keywords',
      message: `Keywords may have ${keywordMaxChars} characters at most: ${long.map((k) => `'${k}'`).join(', ')}.`,
    });
  }
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const keyword of keywords) {
    const key = keyword.toLowerCase();
    if (seen.has(key)) twice.add(keyword);
    seen.add(key);
  }
  if (twice.size > 0) {
    issues.push({
      field: 'keywords',
      message: `Repeated keyword${twice.size > 1 ? 's' : ''}: ${[...twice].map((k) => `'${k}'`).join(', ')}.`,
    });
  }
  if ([...listing.description].length > descriptionMaxChars) {
    issues.push({
      field: 'description',
      message: `Description is longer than ${descriptionMaxChars} characters.`,
    });
  }
  return issues;
}

/** The repeated multipart field names, in the order the web app sends them. */
export const metadataFields = [
  'lineitem_id',
  'product_title',
  'seo_keywords',
  'product_description',
] as const;

/** The task statuses of SPEC's summary, in the order they are shown. */
export const aiTaskStatuses = ['Pending', 'In Progress', 'Completed', 'Failed'] as const;
export type AiTaskStatus = (typeof aiTaskStatuses)[number];

/** The CSV columns, in order (export writes them; import needs file_name and reads the rest if present). */
export const metadataCsvColumns = ['file_name', 'title', 'keywords', 'description'] as const;
export const metadataCsvFileName = 'metadata.csv';

export const metadataMessages = {
  /** Counts the designs whose metadata changed, not every row sent. */
  saved: (count: number) =>
    count === 0
      ? 'Nothing to save: every design already has this metadata.'
      : `${count} design${count === 1 ? '' : 's'} saved.`,
  queued: (count: number) =>
    `Writing metadata for ${count} design${count === 1 ? '' : 's'}. It runs in the background.`,
  noDesigns: 'This workspace has no designs yet. Upload designs first.',
  aiRunning: 'AI metadata is still being written for this workspace. Wait for it to finish, then try again.',
  csvEmpty: 'The CSV file is empty. Export the metadata first and edit that file.',
  csvNoFileName: "The CSV file needs a 'file_name' column (export the metadata to get the layout).",
  csvTooLarge: 'The CSV file is larger than 5 MB.',
} as const;

/** The calls' shapes (metadata-calls.ts holds their schemas): types only, erased from the bundle. */
export type {
  AiTokensResponse,
  GenerateMetadataResponse,
  ImportMetadataResponse,
  MetadataRow,
  SaveMetadataResponse,
  TaskStatusSummary,
} from './metadata-calls.ts';
