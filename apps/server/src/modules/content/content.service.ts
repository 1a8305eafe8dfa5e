import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type TutorialListItem, tutorialList } from '@podflow/contract/tutorials';
import type { FastifyBaseLogger } from 'fastify';
import { type ContentFolder, tutorialFilePattern } from './content-folder.ts';

/** The list file kept beside the tutorials: one entry per tutorial, in reading order. */
export const tutorialsListFile = 'tutorials.json';

/**
 * The tutorial list as written in tutorials.json, keeping only entries whose page is in the folder.
 * A missing or malformed list is logged and answers an empty list: the Resources page then shows
 * its empty state instead of an error.
 */
export async function listTutorials(
  folder: ContentFolder,
  log: FastifyBaseLogger,
): Promise<TutorialListItem[]> {
  let entries: TutorialListItem[];
  try {
    const text = await readFile(path.join(folder.dir, tutorialsListFile), 'utf8');
    entries = tutorialList.parse(JSON.parse(text));
  } catch (error) {
    log.error({ err: error, dir: folder.dir }, 'the tutorial list could not be read');
    return [];
  }
  const pages = await folder.files(tutorialFilePattern);
  return entries.filter((entry) => {
    if (pages.has(entry.file)) return true;
    log.warn({ file: entry.file }, 'a listed tutorial has no page in the folder');
    return false;
  });
}
