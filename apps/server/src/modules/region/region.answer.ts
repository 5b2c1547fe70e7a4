import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { RegionProvince } from '@pcb/contract';

/**
 * The selector data never changes while the server runs, so its answer is built once: the
 * envelope's JSON, its gzip, and an ETag from its content (a new data file is a new tag).
 */
export interface PreparedAnswer {
  json: Buffer;
  gzip: Buffer;
  etag: string;
}

export function prepareAnswer(provinces: RegionProvince[]): PreparedAnswer {
  const json = Buffer.from(JSON.stringify({ success: true, data: provinces, message: '' }));
  const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
  return { json, gzip: gzipSync(json, { level: 9 }), etag };
}

/** If-None-Match: `*`, or a list of tags, weak or strong (RFC 9110 §13.1.2, weak comparison). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** Whether the client takes gzip (`gzip` listed, and not with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().split(';');
    if (coding?.trim().toLowerCase() !== 'gzip') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}
