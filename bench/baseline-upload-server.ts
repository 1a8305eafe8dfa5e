/** The baseline of the upload bench: a bare node:http server that writes the request body to disk. */
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';

const dir = process.env.DATA_DIR ?? '.';
mkdirSync(dir, { recursive: true });
let n = 0;
createServer((request, response) => {
  if (request.method !== 'POST') return void response.writeHead(200).end('{"status":"ok"}');
  n += 1;
  pipeline(request, createWriteStream(path.join(dir, `body-${n}.bin`), { flush: true })).then(
    () => response.writeHead(201).end('{}'),
    () => response.writeHead(500).end(),
  );
}).listen(Number(process.env.PORT), process.env.HOST);
