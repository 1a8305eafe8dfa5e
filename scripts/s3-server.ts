/**
 * A throw-away S3-compatible server (s3rver, from npm) on a loopback port, serving from a folder:
 * `node --openssl-legacy-provider scripts/s3-server.ts <folder> [port]` prints its URL, then runs
 * until stopped. s3rver makes ListObjectsV2 continuation tokens with DES, which OpenSSL 3 keeps
 * in its legacy provider: without the flag every listing of more than one page fails.
 */
import { createRequire } from 'node:module';

const S3rver = createRequire(import.meta.url)('s3rver');
const [directory, port = '0'] = process.argv.slice(2);
if (!directory) throw new Error('usage: node --openssl-legacy-provider scripts/s3-server.ts <folder> [port]');

const server = new S3rver({ address: '127.0.0.1', port: Number(port), silent: true, directory });
const address: { port: number } = await server.run();
console.log(`http://127.0.0.1:${address.port}`);
const stop = () => void server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
