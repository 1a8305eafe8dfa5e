import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
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

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (headers or an address over 16 KB,
 * bytes that are not HTTP) answered with the one error body too, then the connection closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const [status, message, code] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [
          431,
          'The address or headers of this request are too long. Shorten them and try again.',
          'headers_too_large',
        ]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive. Try again.', 'request_timeout']
        : [400, 'The request could not be read as HTTP.', 'bad_request'];
  const body = JSON.stringify(errorBodyOf(message, code));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
