import { z } from 'zod';
import { idField } from './fields.ts';
import { fitModes } from './templates.ts';

/**
 * SPEC.md section 7 "Mockup templates and mockups": starting a run (one job per selected template),
 * its job logs and live progress, the review grid, deleting and downloading mockups.
 */

export const mockupJobStatuses = ['Pending', 'In Progress', 'Completed', 'Failed'] as const;
export type MockupJobStatus = (typeof mockupJobStatuses)[number];

/** One design that could not be rendered onto the job's template, and why. */
export const mockupJobError = z.object({
  design_id: z.string(),
  design_file_name: z.string(),
  reason: z.string(),
});
export type MockupJobError = z.infer<typeof mockupJobError>;

/** A mockup job log row (SPEC.md section 3) plus its progress. */
export const mockupJobLog = z
  .object({
    id: z.string(),
    status: z.enum(mockupJobStatuses),
    template_file_name: z.string(),
    template_id: z.string(),
    /** Designs this job renders. */
    total: z.number().int(),
    /** Designs rendered so far. */
    done: z.number().int(),
    /** Designs that failed, with their reasons in errors. */
    failed: z.number().int(),
    errors: z.array(mockupJobError),
    /** Why the whole job failed (e.g. the template file is unreadable), or null. */
    reason: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .meta({ id: 'MockupJobLog' });
export type MockupJobLog = z.infer<typeof mockupJobLog>;

export const workspaceQuery = z.object({ workspace_id: idField('workspace_id') });

/**
 * What generate_mockups renders: `new` (the default) only the designs and templates with no
 * mockup yet that the seller never deleted; `all` every design on every selected template again,
 * deleted ones included (the web app asks first).
 */
export const generateModes = ['new', 'all'] as const;
export type GenerateMode = (typeof generateModes)[number];
export const generateMockupsQuery = workspaceQuery.extend({
  mode: z
    .enum(generateModes, { error: `mode must be one of ${generateModes.join(', ')}.` })
    .default('new')
    .describe('new (default): only missing mockups, never the deleted ones; all: every mockup again'),
});
export type GenerateMockupsQuery = z.infer<typeof generateMockupsQuery>;

/** The jobs of the workspace's latest run, in template order. Empty when nothing was generated yet. */
export const mockupJobLogs = z.object({ job_logs: z.array(mockupJobLog) });
export type MockupJobLogs = z.infer<typeof mockupJobLogs>;

/**
 * generate_mockups answers at once with the queued jobs; rendering goes on in the background.
 * While a run of the workspace is going on, a new call starts nothing and answers that run
 * (`already_running`); with nothing new to render it answers the latest run and `queued` 0.
 */
export const generateMockupsResponse = z.object({
  message: z.string(),
  job_logs: z.array(mockupJobLog),
  mode: z.enum(generateModes),
  /** Mockups this call queued (0 when a run was already going on or nothing was new). */
  queued: z.number().int(),
  already_running: z.boolean(),
});
export type GenerateMockupsResponse = z.infer<typeof generateMockupsResponse>;

/**
 * Server-sent events of GET /mockups_app/mockup_job_events/?workspace_id=… (text/event-stream,
 * bearer token in the Authorization header, so the web app reads it with fetch):
 * - `event: job` with a MockupJobLog each time a job starts, renders a design or ends;
 * - `event: ping` every 15 s with `{}` to keep proxies from closing the stream.
 */
export const mockupJobEvent = mockupJobLog;

/**
 * A seller's adjustment of one design on one template, kept for that pair and used by every later
 * render: the fit it starts from (null: the template's), a scale about the print area's centre
 * (1: as the fit places it) and a move of the design's centre by a fraction of the print area.
 * What falls outside the print area is not printed.
 */
export const mockupAdjustment = z
  .object({
    fit: z
      .enum(fitModes, { error: `fit must be one of ${fitModes.join(', ')}.` })
      .nullable()
      .default(null),
    scale: z
      .number({ error: 'scale must be a number.' })
      .min(0.1, { error: 'scale must be between 0.1 and 4.' })
      .max(4, { error: 'scale must be between 0.1 and 4.' }),
    offset_x: z
      .number({ error: 'offset_x must be a number.' })
      .min(-0.5, { error: 'offset_x must be between -0.5 and 0.5.' })
      .max(0.5, { error: 'offset_x must be between -0.5 and 0.5.' }),
    offset_y: z
      .number({ error: 'offset_y must be a number.' })
      .min(-0.5, { error: 'offset_y must be between -0.5 and 0.5.' })
      .max(0.5, { error: 'offset_y must be between -0.5 and 0.5.' }),
  })
  .meta({ id: 'MockupAdjustment' });
export type MockupAdjustment = z.infer<typeof mockupAdjustment>;

/** "Fit inside": the whole design inside the print area, as large as fits, centred. */
export const fitInsideAdjustment: MockupAdjustment = { fit: 'contain', scale: 1, offset_x: 0, offset_y: 0 };

/** Re-render one mockup with an adjustment (kept for its design and template), or preview it. */
export const adjustMockupRequest = z.object({
  mockup_id: idField('mockup_id'),
  adjustment: mockupAdjustment,
});
export type AdjustMockupRequest = z.infer<typeof adjustMockupRequest>;

export const mockupImage = z
  .object({
    mockup_id: z.string(),
    /** Signed, expiring URL of the full mockup (refetch the grid to renew it). */
    mockup_image: z.string(),
    /** Signed, expiring URL of a 512 px preview, for the grid. */
    mockup_thumbnail: z.string(),
    /** The template's name, shown as 'Template: {name}'. */
    template: z.string(),
    template_id: z.string(),
    /** The render cut off part of the design's non-transparent pixels (found when it was made). */
    cut_off: z.boolean(),
    /** The seller's adjustment of this design on this template, or null (the template's placement). */
    adjustment: mockupAdjustment.nullable(),
  })
  .meta({ id: 'MockupImage' });
export type MockupImage = z.infer<typeof mockupImage>;

/** One row per design of the workspace (designs without mockups included, with an empty list). */
export const mockupGridRow = z
  .object({
    design_id: z.string(),
    design_file_name: z.string(),
    /** Signed URL of the design's thumbnail. */
    design_image_path: z.string(),
    mockup_images: z.array(mockupImage),
  })
  .meta({ id: 'MockupGridRow' });
export type MockupGridRow = z.infer<typeof mockupGridRow>;
export const mockupImagesGrid = z.object({ arr_mockup_images_grid: z.array(mockupGridRow) });
export type MockupImagesGrid = z.infer<typeof mockupImagesGrid>;

export const deleteMockupsRequest = z.object({
  mockup_ids: z
    .array(idField('mockup_id'), { error: 'mockup_ids must be a list of mockup ids.' })
    .min(1, { error: 'Select at least one mockup to delete.' })
    .max(5000, { error: 'Delete at most 5000 mockups at once.' }),
});
export type DeleteMockupsRequest = z.infer<typeof deleteMockupsRequest>;
export const deleteMockupsResponse = z.object({ message: z.string(), deleted: z.number().int() });

/** adjust_mockup answers the re-rendered mockup (same id, new image). */
export const adjustMockupResponse = z.object({ message: z.string(), mockup: mockupImage });
export type AdjustMockupResponse = z.infer<typeof adjustMockupResponse>;

/** The fixed file name the mockups zip is saved under (SPEC.md section 7). */
export const mockupsZipFileName = 'mockups.zip';

export const mockupMessages = {
  noDesigns: 'Upload designs to this workspace before generating mockups.',
  noTemplates: 'Select at least one mockup template for this workspace before generating mockups.',
  alreadyRunning:
    'Mockups are already being generated for this workspace. Wait for the running jobs to finish, then try again.',
  notFound: 'Some of these mockups no longer exist. Refresh the list and try again.',
  nothingToDownload: 'There are no mockups in this workspace yet. Generate mockups first.',
  nothingNew:
    'Every design already has its mockups on the selected templates (deleted ones stay deleted). Choose Regenerate all to render them all again.',
  answeringRunning: 'Mockups are already being generated for this workspace: here is the running run.',
  cutOff: 'Part of the design is cut off',
  adjusted: 'The mockup was rendered again with your adjustment.',
  mockupGone: 'This mockup no longer exists. Refresh the list and try again.',
  templateGone: 'The template of this mockup was deleted, so the mockup cannot be rendered again.',
} as const;
