import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { loggedUrl } from './logging.ts';

// One line per request, after the answer, replacing Fastify's "incoming request" and
// "request completed" pair. At the default level (info) a request is logged only
// when it deserves a look: a 5xx answer or one slower than SLOW_REQUEST_MS, with method,
// URL (without its tokens), matched route, status and time. Every other request is a debug
// line (LOG_LEVEL=debug). A thrown error is also logged with its stack by errors.ts.
// Fastify 5 takes this as its `logController` (its disableRequestLogging option is
// deprecated and warns at every start).

export const SLOW_REQUEST_MS = 1_000;

type Logger = FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };

export class RequestLog extends LogController {
  constructor(private readonly slowMs = SLOW_REQUEST_MS) {
    super();
  }

  /** The line written when the answer is sent says it all. */
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    const log: Logger = reply.log;
    const ms = Math.round(reply.elapsedTime);
    const slow = reply.elapsedTime > this.slowMs;
    const level = error ? 'error' : slow || reply.statusCode >= 500 ? 'info' : 'debug';
    if (level === 'debug' && log.isLevelEnabled && !log.isLevelEnabled('debug')) return;
    const route = request.routeOptions.url;
    const text = `${request.method} ${loggedUrl(request)} ${reply.statusCode} in ${ms} ms`;
    const fields = { req: request, res: reply, route, responseTime: ms };
    if (error) log.error({ ...fields, err: error }, `request errored: ${text}`);
    else log[level](fields, slow ? `slow request: ${text}` : text);
  }

  /** A visitor who leaves mid-download is no news; other stream errors stay warnings. */
  override streamError(error: Error, request: FastifyRequest, reply: FastifyReply) {
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      reply.log.debug({ res: reply }, 'stream closed prematurely');
      return;
    }
    super.streamError(error, request, reply);
  }
}
