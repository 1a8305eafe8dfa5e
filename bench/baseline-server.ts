/** The baseline of the start-up bench: a bare node:http server answering 200 on /healthz. */
import { createServer } from 'node:http';

createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
}).listen(Number(process.env.PORT), process.env.HOST);
