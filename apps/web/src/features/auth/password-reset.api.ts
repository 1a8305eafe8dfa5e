import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  MessageResponse,
  PasswordResetCheckResponse,
  PasswordResetConfirmRequest,
  PasswordResetRequest,
} from '@podflow/contract/auth';
import { api } from '../../api/client';

/** POST /api/password_reset/: asks for a reset link by e-mail (the answer is the same for any e-mail). */
export function requestPasswordReset(request: PasswordResetRequest): Promise<MessageResponse> {
  return api.post<MessageResponse>('/api/password_reset/', request, { auth: false });
}

/** The link request as a mutation. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** POST /api/password_reset/check/: whether a link can still be used, before asking for a password. */
export function usePasswordResetLink(token: string) {
  return useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: () =>
      api.post<PasswordResetCheckResponse>('/api/password_reset/check/', { token }, { auth: false }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** POST /api/password_reset/confirm/: sets the new password with the link. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (request: PasswordResetConfirmRequest) =>
      api.post<MessageResponse>('/api/password_reset/confirm/', request, { auth: false }),
  });
}
