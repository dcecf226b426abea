import { randomBytes } from 'node:crypto';

export type ParteForm =
  { name: string; filename: string; content: Buffer | string; type?: string } | { name: string; value: string };

/** A multipart/form-data body built by hand (the file name as raw UTF-8, as browsers send it). */
export function multipart(partes: ParteForm[]): { payload: Buffer; headers: { 'content-type': string } } {
  const boundary = `----delego${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of partes) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename.replace(/"/g, '%22')}"\r\n` +
            `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        ),
      );
      chunks.push(typeof p.content === 'string' ? Buffer.from(p.content, 'utf8') : p.content);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`, 'utf8'));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
