import { z } from 'zod';
import { idField } from './fields.ts';

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

/** The jobs of the workspace's latest run, in template order. Empty when nothing was generated yet. */
export const mockupJobLogs = z.object({ job_logs: z.array(mockupJobLog) });
export type MockupJobLogs = z.infer<typeof mockupJobLogs>;

/** generate_mockups answers at once with the queued jobs; rendering goes on in the background. */
export const generateMockupsResponse = z.object({ message: z.string(), job_logs: z.array(mockupJobLog) });
export type GenerateMockupsResponse = z.infer<typeof generateMockupsResponse>;

/**
 * Server-sent events of GET /mockups_app/mockup_job_events/?workspace_id=… (text/event-stream,
 * bearer token in the Authorization header, so the web app reads it with fetch):
 * - `event: job` with a MockupJobLog each time a job starts, renders a design or ends;
 * - `event: ping` every 15 s with `{}` to keep proxies from closing the stream.
 */
export const mockupJobEvent = mockupJobLog;

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

/** The fixed file name the mockups zip is saved under (SPEC.md section 7). */
export const mockupsZipFileName = 'mockups.zip';

export const mockupMessages = {
  noDesigns: 'Upload designs to this workspace before generating mockups.',
  noTemplates: 'Select at least one mockup template for this workspace before generating mockups.',
  alreadyRunning:
    'Mockups are already being generated for this workspace. Wait for the running jobs to finish, then try again.',
  notFound: 'Some of these mockups no longer exist. Refresh the list and try again.',
  nothingToDownload: 'There are no mockups in this workspace yet. Generate mockups first.',
} as const;
