import { lookup as dnsLookup, promises as dnsPromises } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isPrivateAddress } from '#server/net/ip.ts';

// The one module that makes outbound HTTP requests for user-configured URLs (webhooks).
// It has a timeout and an SSRF guard: every target but a global unicast address (private,
// loopback, link-local, documentation, NAT64, 6to4, ...: net/ip.ts) is refused unless
// allowed. The guard runs inside the socket's DNS lookup, so the address checked is the
// address connected to (no DNS-rebinding gap).

export interface OutboundRequest {
  url: string;
  method: string;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  allowPrivate: boolean;
  /** Bytes of the answer kept; the rest is read and dropped. */
  maxBodyBytes?: number;
}

export interface OutboundResponse {
  status: number;
  /** The bytes kept, decoded as UTF-8 (binary answers come out mangled: read `raw`). */
  body: string;
  /** The bytes kept, at most maxBodyBytes. */
  raw: Buffer;
  /** The answer's Content-Type header, when it had one. */
  contentType: string | null;
  /** How many bytes the answer had, counting those read and dropped. */
  bytes: number;
  /** True when the answer was longer than maxBodyBytes, so `raw` holds only its start. */
  cut: boolean;
}

export class OutboundError extends Error {
  constructor(
    readonly kind: 'blocked' | 'timeout' | 'network' | 'invalid-url',
    message: string,
  ) {
    super(message);
  }
}

const blockedMessage = (host: string) =>
  `Refused to call ${host}: private, loopback, link-local and other special-purpose addresses are not allowed.`;

function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as { address: string; family: number }[];
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused) {
        const host = `${hostname} (${refused.address})`;
        return callback(new OutboundError('blocked', blockedMessage(host)), '', 0);
      }
      if (options.all) return callback(null, list as never);
      const first = list[0];
      if (!first) return callback(new Error(`No address for ${hostname}`), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

/** The host of a URL as an address or name, without IPv6 brackets. */
const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

/**
 * The address the guard will refuse when `url` is called, or null: the URL's own address,
 * else the first one its host name resolves to. For a warning at save time, so it never
 * fails: an invalid URL, a failed lookup or one slower than `timeoutMs` give null (the call
 * itself is checked again when it is made).
 */
export async function refusedAddressOf(url: string, timeoutMs = 1_000): Promise<string | null> {
  if (!URL.canParse(url)) return null;
  const host = hostOf(new URL(url));
  if (isIP(host)) return isPrivateAddress(host) ? host : null;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<[]>((resolve) => {
    timer = setTimeout(() => resolve([]), timeoutMs);
  });
  const addresses = await Promise.race([dnsPromises.lookup(host, { all: true }), timeout])
    .catch(() => [])
    .finally(() => clearTimeout(timer));
  return addresses.find((a) => isPrivateAddress(a.address))?.address ?? null;
}

export function sendOutbound(request: OutboundRequest): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    return Promise.reject(new OutboundError('invalid-url', `Not a valid URL: ${request.url}`));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(
      new OutboundError('invalid-url', 'Only http and https URLs can be called.'),
    );
  }
  const host = hostOf(url);
  if (isIP(host) && !request.allowPrivate && isPrivateAddress(host)) {
    return Promise.reject(new OutboundError('blocked', blockedMessage(host)));
  }
  const maxBodyBytes = request.maxBodyBytes ?? 64 * 1024;
  const client = url.protocol === 'https:' ? https : http;

  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: request.method,
        headers: request.headers,
        lookup: guardedLookup(request.allowPrivate),
        signal: AbortSignal.timeout(request.timeoutMs),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          if (bytes < maxBodyBytes) chunks.push(chunk.subarray(0, maxBodyBytes - bytes));
          bytes += chunk.length;
        });
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            body: raw.toString('utf8'),
            raw,
            contentType: res.headers['content-type'] ?? null,
            bytes,
            cut: bytes > maxBodyBytes,
          });
        });
        res.on('error', (error) => reject(toOutboundError(error, request.timeoutMs)));
      },
    );
    req.on('error', (error) => reject(toOutboundError(error, request.timeoutMs)));
    if (request.body !== undefined) req.write(request.body);
    req.end();
  });
}

function toOutboundError(error: unknown, timeoutMs: number): OutboundError {
  if (error instanceof OutboundError) return error;
  const e = error as NodeJS.ErrnoException;
  if (e.name === 'AbortError' || e.name === 'TimeoutError' || e.code === 'ABORT_ERR') {
    return new OutboundError('timeout', `No answer within ${Math.round(timeoutMs / 1000)} s.`);
  }
  const cause = (e.cause as OutboundError | undefined) ?? undefined;
  if (cause instanceof OutboundError) return cause;
  return new OutboundError('network', e.message || 'The request failed.');
}
