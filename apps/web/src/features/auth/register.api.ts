import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest, RegisterResponse, TokenResponse } from '@podflow/contract/auth';
import { ApiError, api } from '../../api/client';
import { signIn } from './sign-in.api';

/** Registration succeeded but the sign-in right after it did not. */
export class SignInAfterRegisterError extends Error {
  constructor(cause: unknown) {
    super('Your account has been created. Please sign in.', { cause });
    this.name = 'SignInAfterRegisterError';
  }
}

/**
 * POST /api/user/register/ then, at once, POST /api/token/ (SPEC.md section 7): the new user is
 * signed in as soon as the account exists.
 */
export async function registerAndSignIn(request: RegisterRequest): Promise<TokenResponse> {
  await api.post<RegisterResponse>('/api/user/register/', request, { auth: false });
  try {
    return await signIn({ username: request.username, password: request.password });
  } catch (error) {
    throw new SignInAfterRegisterError(error);
  }
}

/** The registration call as a mutation. */
export function useRegister() {
  return useMutation({ mutationFn: registerAndSignIn });
}

/** The spec's registration failure text, for anything the server did not explain. */
export const genericRegisterError =
  'Some error occurred. Please try again in sometime or contact us for support!';

/** What the toast says: the server's own sentence for a 400 or 409, else the spec's text. */
export function registerErrorMessage(error: unknown): string {
  if (error instanceof SignInAfterRegisterError) return error.message;
  if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
    const message = error.errorBody?.message;
    if (message) return message;
  }
  return genericRegisterError;
}
