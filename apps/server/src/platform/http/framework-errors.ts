import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { errorBodyOf } from '@podflow/contract/errors';

/**
 * Fastify's own refusals before any route is found (a path that does not decode, a path parameter
 * longer than the router takes) answered with the one error body like every other error.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  const status = tooLong ? 414 : 400;
  return reply
    .status(status)
    .send(
      errorBodyOf(
        tooLong ? 'This address is too long.' : 'This address is not valid.',
        tooLong ? 'url_too_long' : 'bad_url',
      ),
    );
}
