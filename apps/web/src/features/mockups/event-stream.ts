/** One server-sent event: its type (`message` when the stream names none) and its data lines joined. */
export interface ServerSentEvent {
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events as its text arrives in chunks of any size (the rules of
 * the HTML standard's event-stream parser: lines end with LF, CRLF or CR, a blank line dispatches,
 * `:` starts a comment, one space after a field's colon is dropped, events without data are dropped).
 */
export class EventStreamParser {
  private buffer = '';
  private eventType = '';
  private dataLines: string[] = [];
  /** A chunk ended in CR: an LF at the start of the next one belongs to the same line end. */
  private pendingCr = false;

  /** Feeds a chunk of text; returns the events it completed. */
  push(chunk: string): ServerSentEvent[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const events: ServerSentEvent[] = [];
    let start = 0;
    for (let index = 0; index < this.buffer.length; index += 1) {
      const char = this.buffer[index];
      if (char !== '\n' && char !== '\r') continue;
      const line = this.buffer.slice(start, index);
      if (char === '\r') {
        if (index + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[index + 1] === '\n') index += 1;
      }
      start = index + 1;
      const event = this.line(line);
      if (event) events.push(event);
    }
    this.buffer = this.buffer.slice(start);
    return events;
  }

  private line(line: string): ServerSentEvent | null {
    if (line === '') {
      const event = this.dataLines.length
        ? { event: this.eventType || 'message', data: this.dataLines.join('\n') }
        : null;
      this.eventType = '';
      this.dataLines = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.eventType = value;
    else if (field === 'data') this.dataLines.push(value);
    return null;
  }
}
