import { buffer } from 'node:stream/consumers';
import { listingMessages } from '@podflow/contract/listings';
import { type PrintifyUploadInput, printifyBase64MaxBytes } from '@podflow/providers/printify';
import type { UrlSigner } from '../../platform/storage/signed-urls.ts';
import type { Storage } from '../../platform/storage/storage.ts';
import type { DesignRow } from '../designs/designs.repo.ts';

export type PrintFileSource = {
  /** Whether Printify can fetch files under `publicUrl` (printifyCanFetch). */
  byUrl: boolean;
  publicUrl: string | undefined;
  signer: UrlSigner;
  storage: Pick<Storage, 'read'>;
};

/**
 * A design's print file as Printify takes it: its signed URL under PUBLIC_URL when Printify can
 * fetch that, else its bytes as base64 up to Printify's 5 MB; a larger file fails the design with
 * a sentence saying to set PUBLIC_URL.
 */
export async function printifyPrintFile(
  design: Pick<DesignRow, 'file_name' | 'storage_key' | 'bytes'>,
  source: PrintFileSource,
): Promise<PrintifyUploadInput> {
  const fileName = design.file_name;
  if (source.byUrl) {
    return { fileName, url: new URL(source.signer.sign(design.storage_key), source.publicUrl).href };
  }
  if (design.bytes > printifyBase64MaxBytes) throw new Error(listingMessages.printifyFileTooLarge);
  const bytes = await buffer(await source.storage.read(design.storage_key));
  // The stored file is what counts: a row's size from before a re-encode must not let more through.
  if (bytes.length > printifyBase64MaxBytes) throw new Error(listingMessages.printifyFileTooLarge);
  return { fileName, contents: bytes.toString('base64') };
}
