import type { DesignLineItem } from '@podflow/contract/designs';
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

/** A design line item `${id}.png` of a workspace, with no metadata yet. */
export function buildDesign(id: string, overrides: Partial<DesignLineItem> = {}): DesignLineItem {
  return {
    lineitem_id: id,
    image_thumbnail_path: `/files/${id}.webp`,
    image_path: `/files/${id}.png`,
    image_file_name: `${id}.png`,
    product_title: '',
    product_description: '',
    seo_keywords: '',
    printify_product_id: null,
    gelato_product_id: null,
    width: 4500,
    height: 5400,
    bytes: 1_200_000,
    has_alpha: true,
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
