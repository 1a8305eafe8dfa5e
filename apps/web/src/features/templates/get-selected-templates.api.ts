import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TemplateInfo } from '@podflow/contract/templates';
import { api } from '../../api/client';

/** GET /mockups_app/get_workspace_templates_information/: the templates selected for a workspace. */
export async function getSelectedTemplates(
  workspaceId: string,
  signal?: AbortSignal,
): Promise<TemplateInfo[]> {
  const reply = await api.get<{ templates_information: TemplateInfo[] }>(
    '/mockups_app/get_workspace_templates_information/',
    { query: { workspace_id: workspaceId }, signal },
  );
  return reply.templates_information;
}

/** The Selected Templates of a workspace as query options. */
export function selectedTemplatesQuery(workspaceId: string) {
  return queryOptions({
    queryKey: ['templates', workspaceId, 'selected'],
    queryFn: ({ signal }) => getSelectedTemplates(workspaceId, signal),
  });
}

/** The Selected Templates of a workspace. */
export function useSelectedTemplates(workspaceId: string) {
  return useQuery(selectedTemplatesQuery(workspaceId));
}
