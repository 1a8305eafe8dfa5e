import { useMutation } from '@tanstack/react-query';
import type { TokenRequest, TokenResponse } from '@podflow/contract/auth';
import { api } from '../../api/client';

/** POST /api/token/: trades e-mail and password for a token pair and the user's names. */
export function signIn(credentials: TokenRequest): Promise<TokenResponse> {
  return api.post<TokenResponse>('/api/token/', credentials, { auth: false });
}

/** The sign-in call as a mutation. */
export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
