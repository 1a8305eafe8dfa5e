import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { TokenResponse } from '@podflow/contract/auth';

let counter = 0;

/** A registration body with a unique e-mail; override any field. */
export function buildRegistration(overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    username: `seller${counter}-${randomUUID().slice(0, 8)}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** Registers a user through the API and signs in: the tokens and the credentials used. */
export async function buildSignedInUser(
  app: FastifyInstance,
  overrides: Partial<Record<string, unknown>> = {},
) {
  const registration = buildRegistration(overrides);
  const created = await app.inject({ method: 'POST', url: '/api/user/register/', payload: registration });
  if (created.statusCode !== 201) throw new Error(`register failed: ${created.body}`);
  const tokens = await signIn(app, registration.username, registration.password);
  return { registration, tokens };
}

/** Signs in and answers the token response; throws when sign-in fails. */
export async function signIn(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<TokenResponse> {
  const response = await app.inject({ method: 'POST', url: '/api/token/', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  return response.json<TokenResponse>();
}
