import { z } from 'zod';

/** One entry of GET /tutorials/tutorials.json (SPEC.md section 3: the tutorial list item). */
export const tutorialListItem = z
  .object({
    id: z.number().int().positive(),
    /** The tutorial's file name, fetched as GET /tutorials/{file} and shown at /tutorial/{file}. */
    file: z.string().regex(/^[a-z0-9-]+\.html$/),
    title: z.string().min(1).max(120),
    description: z.string().min(1).max(400),
    /** The day it was published, YYYY-MM-DD. */
    date_published: z.iso.date(),
  })
  .meta({ id: 'TutorialListItem' });
export type TutorialListItem = z.infer<typeof tutorialListItem>;

export const tutorialList = z.array(tutorialListItem);
