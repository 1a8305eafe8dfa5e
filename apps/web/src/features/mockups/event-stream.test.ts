import { describe, expect, it } from 'vitest';
import { EventStreamParser } from './event-stream';

describe('EventStreamParser', () => {
  it('reads named events, joins data lines and skips comments and events without data', () => {
    const parser = new EventStreamParser();
    const events = parser.push(
      ': hello\n\nevent: ping\ndata: {}\n\nevent: job\ndata: {"a":1,\ndata:"b":2}\n\nevent: empty\n\n',
    );
    expect(events).toEqual([
      { event: 'ping', data: '{}' },
      { event: 'job', data: '{"a":1,\n"b":2}' },
    ]);
  });

  it('keeps an event split across chunks anywhere, with LF, CRLF or CR line ends', () => {
    const parser = new EventStreamParser();
    const text = 'event: job\r\ndata: {"id":"1"}\r\n\r\nevent: job\rdata: {"id":"2"}\r\rdata: plain\n\n';
    const seen = [];
    for (const char of text) seen.push(...parser.push(char));
    expect(seen).toEqual([
      { event: 'job', data: '{"id":"1"}' },
      { event: 'job', data: '{"id":"2"}' },
      { event: 'message', data: 'plain' },
    ]);
  });
});
