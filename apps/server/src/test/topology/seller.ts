import { randomBytes } from 'node:crypto';
import type { DesignLineItem } from '@podflow/contract/designs';
import type { ListingRun } from '@podflow/contract/listings';
import type { TaskStatusSummary } from '@podflow/contract/metadata';
import type { MockupGridRow, MockupJobLog } from '@podflow/contract/mockups';
import { postForm, uploadDesigns } from '../factories.ts';
import { buildPng, templateData, templatePng } from '../images.ts';

type Answer = { status: number; body: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- whatever shape the call answers

type Call = (method: 'GET' | 'POST', route: string, body?: unknown, token?: string) => Promise<Answer>;

/** JSON calls to the server at `url`: the status and the parsed answer. */
const caller =
  (url: string): Call =>
  async (method, route, body, token) => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() } as Answer;
  };

const must = (answer: Answer, what: string) => {
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
};

/**
 * A seller driving the API over real HTTP, as the web app does, against `url` (the api process of a
 * fleet): one account with one workspace of `designs` small designs.
 */
export async function newSeller(url: string, designs: number) {
  const call = caller(url);
  const username = `fleet-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  must(
    await call('POST', '/api/user/register/', { first_name: 'Kim', last_name: 'Lee', username, password }),
    'register',
  );
  const token: string = must(await call('POST', '/api/token/', { username, password }), 'sign in').access;
  const workspaceId: string = must(
    await call('POST', '/workspace/create_workspace/', { workspace_name: 'Fleet' }, token),
    'create workspace',
  ).workspace_id;
  const files = await Promise.all(
    Array.from({ length: designs }, async (_v, seed) => ({
      name: `fleet-design-${seed + 1}.png`,
      data: await buildPng({ width: 320, height: 380, seed }),
    })),
  );
  const uploaded = await uploadDesigns(url, token, workspaceId, files);
  if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${JSON.stringify(uploaded.body)}`);
  return sellerAt(url, token, workspaceId);
}

/** The seller's calls to the server at `url` (another process of the same data works alike). */
function sellerAt(url: string, token: string, workspaceId: string) {
  const call = caller(url);
  const get = (route: string) => call('GET', route, undefined, token);
  const post = (route: string, body: unknown) => call('POST', route, body, token);
  const postMultipart = async (route: string, form: FormData) => {
    const response = await fetch(`${url}${route}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() } as Answer;
  };
  const ws = `workspace_id=${workspaceId}`;
  const designRows = async () =>
    must(await get(`/workspace/get_workarea_information/?${ws}`), 'designs') as DesignLineItem[];
  /** SPEC's metadata form: the four fields once per design, in order. */
  const metadataForm = (rows: DesignLineItem[], title: (row: DesignLineItem) => string) => {
    const form = new FormData();
    for (const row of rows) {
      form.append('lineitem_id', row.lineitem_id);
      form.append('product_title', title(row));
      form.append('seo_keywords', title(row) ? 'fleet, test' : '');
      form.append('product_description', title(row) ? 'A design listed by the fleet test.' : '');
    }
    return form;
  };

  return {
    workspaceId,
    /** The same seller's calls to another process (e.g. one restarted on a new port). */
    at: (other: string) => sellerAt(other, token, workspaceId),
    designs: designRows,

    /** Uploads `count` small templates and selects them all for the workspace. */
    async selectTemplates(count: number) {
      const ids: string[] = [];
      for (let i = 0; i < count; i += 1) {
        const image = { name: `fleet-template-${i + 1}.png`, data: await templatePng((i * 36) % 360) };
        const uploaded = await postForm(
          url,
          token,
          '/mockups_app/upload_image_mode_mockup_templates/',
          { templateData },
          [image],
          'file',
        );
        if (uploaded.status >= 300) throw new Error(`template: ${JSON.stringify(uploaded.body)}`);
        ids.push(uploaded.body.templates[0].mkp_template_id as string);
      }
      must(
        await post('/mockups_app/set_templates_for_workspace/', {
          selectedTemplates: ids,
          workspace_id: workspaceId,
        }),
        'select templates',
      );
    },
    /** generate_mockups: the status and answer (already_running, queued). */
    generateMockups: (mode: 'new' | 'all' = 'new') =>
      get(`/mockups_python_engine_app/generate_mockups/?${ws}&mode=${mode}`),
    mockupJobs: async () =>
      (must(await get(`/mockups_app/get_mockup_job_logs/?${ws}`), 'job logs') as { job_logs: MockupJobLog[] })
        .job_logs,
    mockupGrid: async () =>
      (
        must(await get(`/mockups_app/get_mockup_images_grid/?${ws}`), 'grid') as {
          arr_mockup_images_grid: MockupGridRow[];
        }
      ).arr_mockup_images_grid,

    /** An AI run over `rows` (every design by default), fields left blank for the writer. */
    generateMetadata: async (rows?: DesignLineItem[]) =>
      postMultipart(
        '/openai_app/generate_textfields_openai/',
        metadataForm(rows ?? (await designRows()), () => ''),
      ),
    aiSummary: async () =>
      must(await get(`/openai_app/task-status-summary/?${ws}`), 'AI summary') as TaskStatusSummary,
    aiTokens: async () =>
      must(await get('/openai_app/ai_tokens/'), 'AI tokens') as {
        allowance: number;
        used: number;
        remaining: number;
      },
    /** Saves a title, keywords and description on every design (what a listing needs). */
    saveMetadata: async () => {
      const saved = await postMultipart(
        '/workspace/save_metadata/',
        metadataForm(await designRows(), (row) => `Fleet Tee ${row.image_file_name.replace(/\D/g, '')}`),
      );
      must(saved, 'save metadata');
    },

    connectPrintify: async (sandbox: { token: string; shopId: number; templateProductId: string }) =>
      must(
        await post('/printify_app/save_printify_template/', {
          workspace_id: workspaceId,
          shop_id: sandbox.shopId,
          apiKey: sandbox.token,
          printify_product_id: sandbox.templateProductId,
        }),
        'connect Printify',
      ),
    createPrintifyListings: () =>
      post('/printify_app/create_printify_listings_v2/', { workspace_id: workspaceId }),
    listingRun: async () =>
      (
        must(await get(`/listings_app/listing_run/?${ws}&provider=printify`), 'listing run') as {
          run: ListingRun | null;
        }
      ).run,
  };
}

export type Seller = ReturnType<typeof sellerAt>;
