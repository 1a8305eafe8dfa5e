import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateInfo } from '@podflow/contract/templates';
import { api } from '../../api/client';

/** GET /mockups_app/get_templates_information/: templates not yet selected (Remaining Templates). */
export async function getRemainingTemplates(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<TemplateInfo[]> {
  const reply = await api.get<{ templates_information: TemplateInfo[] }>(
    '/mockups_app/get_templates_information/',
    { query: { workspace_id: workspaceId }, signal },
  );
  return reply.templates_information;
}

/** The Remaining Templates of a workspace as query options. */
export function remainingTemplatesQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['templates', workspaceId, 'remaining'],
    queryFn: ({ signal }) => getRemainingTemplates(workspaceId, signal),
  });
}

/** The Remaining Templates of a workspace. */
export function useRemainingTemplates(workspaceId: string) {
  return useQuery(remainingTemplatesQuery(workspaceId));
}
