import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

// Files the server answers from memory: the web build's pages and assets, read and
// compressed once at start (or at build, scripts/compress-build.mjs), so a request costs
// a header lookup and one write, never a disk read or a compression (DESIGN §6 API budget:
// the home page is measured against a bare node:http server). Each has a strong ETag per
// encoding, so a revalidating browser gets 304 Not Modified without the body.

export type Encoding = 'br' | 'gzip' | 'identity';

/** One representation of a file: its bytes and the headers that go with them. */
interface Representation {
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

export interface StaticFile {
  /** Answers a Range request with the part asked for (files; pages always whole). */
  ranges: boolean;
  identity: Representation;
  gzip?: Representation;
  br?: Representation;
}

export interface StaticFileOptions {
  contentType: string;
  cacheControl: string;
  /** Headers every answer carries (a page's own Content-Security-Policy). */
  headers?: Record<string, string>;
  /** Pre-compressed copies from the build; always sent to a client that accepts them. */
  gzip?: Buffer;
  br?: Buffer;
  /**
   * Missing copies made here: 'always' (pages, as they always were), or 'when-smaller'
   * (files of 512 bytes and more, kept only when compression saves bytes).
   */
  compress?: 'always' | 'when-smaller';
  lastModified?: Date;
  ranges?: boolean;
}

/** Smaller files gain nothing from compression (scripts/compress-build.mjs does the same). */
const MIN_COMPRESSED_BYTES = 512;

export function staticFile(raw: Buffer, options: StaticFileOptions): StaticFile {
  const tag = createHash('sha256').update(raw).digest('base64url').slice(0, 27);
  const make = (compressed: Buffer) =>
    options.compress === 'always' || compressed.length < raw.length ? compressed : undefined;
  const compress =
    options.compress === 'always' ||
    (options.compress === 'when-smaller' && raw.length >= MIN_COMPRESSED_BYTES);
  const gzip = options.gzip ?? (compress ? make(gzipSync(raw, { level: 9 })) : undefined);
  const br = options.br ?? (compress ? make(brotliCompressSync(raw)) : undefined);
  const encoded = gzip !== undefined || br !== undefined;
  const represent = (body: Buffer, encoding: Encoding): Representation => {
    const etag = encoding === 'identity' ? `"${tag}"` : `"${tag}-${encoding}"`;
    return {
      body,
      etag,
      headers: {
        'content-type': options.contentType,
        'cache-control': options.cacheControl,
        etag,
        ...(options.lastModified && { 'last-modified': options.lastModified.toUTCString() }),
        ...(options.ranges && { 'accept-ranges': 'bytes' }),
        // A shared cache must not hand a brotli body to a browser that asked for none.
        ...(encoded && { vary: 'accept-encoding' }),
        ...(encoding !== 'identity' && { 'content-encoding': encoding }),
        ...options.headers,
      },
    };
  };
  return {
    ranges: options.ranges === true,
    identity: represent(raw, 'identity'),
    ...(gzip && { gzip: represent(gzip, 'gzip') }),
    ...(br && { br: represent(br, 'br') }),
  };
}

/** q-values of br, gzip and `*` in an Accept-Encoding header (RFC 9110 §12.5.3). */
function acceptedEncodings(header: string): { br: number; gzip: number } {
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    const qParam = params.find((param) => param.trim().toLowerCase().startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.trim().slice(2));
    const weight = Number.isFinite(q) ? q : 0;
    if (coding === 'br') br = weight;
    else if (coding === 'gzip' || coding === 'x-gzip') gzip = weight;
    else if (coding === '*') any = weight;
  }
  return { br: br ?? any ?? 0, gzip: gzip ?? any ?? 0 };
}

// Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
const MAX_REMEMBERED = 64;
const preferred = new Map<string, Encoding[]>();

/** The encodings to try for this Accept-Encoding, best first (brotli wins a tie). */
export function encodingsFor(header: string | undefined): Encoding[] {
  if (!header) return ['identity'];
  const known = preferred.get(header);
  if (known) return known;
  const { br, gzip } = acceptedEncodings(header);
  const order: Encoding[] = [];
  if (br > 0 && br >= gzip) order.push('br');
  if (gzip > 0) order.push('gzip');
  if (br > 0 && br < gzip) order.push('br');
  order.push('identity');
  if (preferred.size >= MAX_REMEMBERED) preferred.clear();
  preferred.set(header, order);
  return order;
}

/** If-None-Match names this ETag (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function matchesEtag(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

function choose(file: StaticFile, acceptEncoding: string | undefined): Representation {
  for (const encoding of encodingsFor(acceptEncoding)) {
    const representation = file[encoding];
    if (representation) return representation;
  }
  return file.identity;
}

/** One byte range of an uncompressed body ("bytes=0-99", "bytes=100-", "bytes=-100"). */
function byteRange(header: string, size: number): { start: number; end: number } | null | 'bad' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null; // several ranges, or another unit: the whole body answers
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return 'bad';
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start > end || start >= size ? 'bad' : { start, end };
}

/** Answers with the best representation the client accepts, 304 when it already has it. */
export function sendStaticFile(request: FastifyRequest, reply: FastifyReply, file: StaticFile) {
  const { headers } = request;
  const representation = choose(file, headers['accept-encoding']);
  reply.headers(representation.headers);
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (matchesEtag(ifNoneMatch, representation.etag)) return reply.code(304).send();
  } else if (isUnmodifiedSince(headers['if-modified-since'], representation)) {
    return reply.code(304).send();
  }
  const range = headers.range;
  if (range !== undefined && file.ranges && representation === file.identity) {
    return sendRange(reply, representation.body, range);
  }
  return reply.send(representation.body);
}

function isUnmodifiedSince(since: string | undefined, representation: Representation) {
  const lastModified = representation.headers['last-modified'];
  if (since === undefined || lastModified === undefined) return false;
  const sinceMs = Date.parse(since);
  return Number.isFinite(sinceMs) && Date.parse(lastModified) <= sinceMs;
}

/** Static files (not pages) answer a single byte range, as @fastify/static did. */
function sendRange(reply: FastifyReply, body: Buffer, header: string) {
  const range = byteRange(header, body.length);
  if (range === null) return reply.send(body);
  if (range === 'bad') {
    return reply.code(416).header('content-range', `bytes */${body.length}`).send(Buffer.alloc(0));
  }
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${body.length}`)
    .send(body.subarray(range.start, range.end + 1));
}
