import type { Listing } from '@podflow/contract/metadata';

/**
 * The AI port: writes a design's listing (title, keywords, description). Two adapters: the
 * built-in offline writer (the default: no network, no model) and any OpenAI-compatible chat
 * model (AI_BASE_URL). Both answer a listing within every limit of `checkListing`, or throw.
 */
export interface ListingWriter {
  /** Which adapter answered, for logs ('offline' or the model's name). */
  readonly name: string;
  write(input: ListingInput, signal?: AbortSignal): Promise<Listing>;
}

export type ListingInput = {
  /** The design file as stored (a PNG). */
  image: Buffer;
  /** The design's file name as uploaded, e.g. 'retro-sunset_cat-2.png'. */
  fileName: string;
  /** Product types of the workspace's selected templates, e.g. ['T-shirt', 'Mug']; may be empty. */
  productTypes: string[];
  /** What the seller already wrote; empty strings and lists when nothing. */
  hints: Listing;
  /**
   * The words printed on the design as read from its pixels (its lettering, e.g. 'But first,
   * coffee'); '' or absent when none were read. The writers prefer them to the file name.
   */
  designText?: string;
  /** Small print read from the design apart from its phrase, e.g. 'EST. 2026'; '' or absent when none. */
  designSmallPrint?: string;
  /**
   * The design's place in its AI run (0, 1, 2…; absent: 0). Designs of one run are worded
   * differently by it, even when separate jobs write them at the same time.
   */
  position?: number;
};

/**
 * A failure that retrying cannot fix (the model refused, the reply broke the schema, the quota
 * of the AI account is spent): the task fails at once with this sentence as its reason.
 */
export class ListingWriterError extends Error {
  /** Worth another attempt later (timeouts, 5xx after retries); false fails the task now. */
  readonly retryable: boolean;

  constructor(message: string, retryable = false) {
    super(message);
    this.name = 'ListingWriterError';
    this.retryable = retryable;
  }
}
