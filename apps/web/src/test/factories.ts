import type { MockupJobLog } from '@podflow/contract/mockups';

/** A mockup job of template `${id}.png`: pending, 10 designs, none rendered yet. */
export function buildJobLog(id: string, overrides: Partial<MockupJobLog> = {}): MockupJobLog {
  return {
    id,
    status: 'Pending',
    template_file_name: `${id}.png`,
    template_id: `t-${id}`,
    total: 10,
    done: 0,
    failed: 0,
    errors: [],
    reason: null,
    created_at: '2026-01-01T00:00:00.000Z',
    finished_at: null,
    ...overrides,
  };
}
