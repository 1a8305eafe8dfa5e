import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest, MessageResponse } from '@podflow/contract/auth';
import { api } from '../../api/client';

/** POST /api/reset_password: changes the signed-in user's password; answers {message}. */
export function changePassword(request: ChangePasswordRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/reset_password', request);
}

/** The change-password call as a mutation. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
