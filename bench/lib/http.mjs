// A minimal HTTP/1.1 keep-alive client on a raw socket, for load generation: requests are prebuilt
// buffers, the response parser reads only the status line and the framing headers, and the body is kept
// only when asked for. On this 2-core machine node:http or fetch would cost the generator several times
// the CPU per request, and every cycle the generator burns is taken from the server it measures.
import net from 'node:net';

const CRLF2 = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');

/** The bytes of one request. `body` (an object) is sent as JSON. */
export function requestBytes({ method = 'GET', path, host, headers = {}, body }) {
  const payload = body === undefined ? null : Buffer.from(JSON.stringify(body));
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'accept: application/json'];
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && v !== '') lines.push(`${k}: ${v}`);
  if (payload) lines.push('content-type: application/json', `content-length: ${payload.length}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload ? Buffer.concat([head, payload]) : head;
}

/** Header names are ASCII; values such as cookies are too. Non-ASCII paths must come percent-encoded. */
export class Connection {
  constructor(port, host = '127.0.0.1', timeoutMs = 10_000) {
    this.port = port;
    this.host = host;
    this.timeoutMs = timeoutMs;
    this.socket = null;
    this.pending = null;
    this.buf = null;
  }

  #open() {
    const socket = net.connect(this.port, this.host);
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.#onData(chunk));
    socket.on('error', (err) => this.#fail(err));
    socket.on('close', () => {
      this.socket = null;
      this.#fail(new Error('connection closed'));
    });
    this.socket = socket;
    this.buf = null;
  }

  /** Sends one request; resolves with { status, body (Buffer or null), size (body bytes) } once the answer is in. */
  send(bytes, keepBody = false) {
    if (this.pending) return Promise.reject(new Error('one request at a time per connection'));
    if (!this.socket) this.#open();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#fail(Object.assign(new Error('timeout'), { timeout: true }));
        this.socket?.destroy();
      }, this.timeoutMs);
      this.pending = { resolve, reject, timer, keepBody, head: null, chunks: [], bytes: 0 };
      this.socket.write(bytes);
    });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }

  #fail(err) {
    const p = this.pending;
    if (!p) return;
    this.pending = null;
    clearTimeout(p.timer);
    p.reject(err);
  }

  #done(status, body, size) {
    const p = this.pending;
    this.pending = null;
    clearTimeout(p.timer);
    if (p.head.close) this.close();
    p.resolve({ status, body, size, retryAfter: p.head.retryAfter });
  }

  #onData(chunk) {
    this.buf = this.buf ? Buffer.concat([this.buf, chunk]) : chunk;
    const p = this.pending;
    if (!p) return;
    if (!p.head) {
      const end = this.buf.indexOf(CRLF2);
      if (end < 0) return;
      p.head = parseHead(this.buf.toString('latin1', 0, end));
      this.buf = this.buf.subarray(end + 4);
    }
    if (p.head.length >= 0) {
      if (this.buf.length < p.head.length) return;
      const body = this.buf.subarray(0, p.head.length);
      this.buf = this.buf.length > p.head.length ? this.buf.subarray(p.head.length) : null;
      this.#done(p.head.status, p.keepBody || p.head.status >= 400 ? Buffer.from(body) : null, p.head.length);
      return;
    }
    if (p.head.chunked) this.#readChunks(p);
  }

  #readChunks(p) {
    for (;;) {
      const eol = this.buf.indexOf(CRLF);
      if (eol < 0) return;
      const size = Number.parseInt(this.buf.toString('latin1', 0, eol), 16);
      if (size === 0) {
        const end = this.buf.indexOf(CRLF2, eol);
        if (end < 0) return;
        this.buf = this.buf.length > end + 4 ? this.buf.subarray(end + 4) : null;
        this.#done(p.head.status, p.chunks.length ? Buffer.concat(p.chunks) : null, p.bytes);
        return;
      }
      if (this.buf.length < eol + 2 + size + 2) return;
      p.bytes += size;
      if (p.keepBody || p.head.status >= 400)
        p.chunks.push(Buffer.from(this.buf.subarray(eol + 2, eol + 2 + size)));
      this.buf = this.buf.subarray(eol + 2 + size + 2);
    }
  }
}

function parseHead(text) {
  const status = Number(text.slice(9, 12));
  let length = -1;
  let chunked = false;
  let close = false;
  let retryAfter = false;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const name = line.slice(0, colon).toLowerCase();
    if (name === 'content-length') length = Number(line.slice(colon + 1).trim());
    else if (name === 'transfer-encoding') chunked = /chunked/i.test(line);
    else if (name === 'connection') close = /close/i.test(line);
    else if (name === 'retry-after') retryAfter = true;
  }
  // no framing at all: a status that has no body (204, 304)
  if (length < 0 && !chunked) length = 0;
  return { status, length, chunked, close, retryAfter };
}
