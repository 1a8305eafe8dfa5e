import { randomBytes } from 'node:crypto';

export type FormPart =
  { name: string; value: string } | { name: string; fileName: string; type: string; data: Buffer };

/** A multipart/form-data body built by hand (parts in the given order), so tests can also break it. */
export function multipartBody(parts: FormPart[], boundary = `fuzz${randomBytes(8).toString('hex')}`) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const head =
      'fileName' in part
        ? `Content-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}`
        : `Content-Disposition: form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`));
    chunks.push('fileName' in part ? part.data : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
    boundary,
  };
}
