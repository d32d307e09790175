// The hand-over between the script that runs before the shell (src/early-requests.ts) and the API client: the
// answers it asked for, each under the address, token and tenant it was sent with, taken at most once.

/** Who an early request was sent for: the API client's session (api-client.ts ApiSession). */
export interface EarlySession {
  accessToken: string;
  tenant: string | null;
}

/** One request sent before the shell arrived. */
export interface EarlyAnswer {
  /** Path and query, as the API client writes them. */
  url: string;
  accessToken: string;
  tenant: string | null;
  /** performance.now() when it was sent. */
  sentAtMs: number;
  response: Promise<Response>;
}

export interface EarlyStart {
  /** The client configuration's JSON, fetched by the early script (index.html preloads it). */
  clientConfig: Promise<unknown> | null;
  answers: EarlyAnswer[];
}

/**
 * An early answer older than this is not handed over: it would be shown as fresh data. A screen the user opens
 * later, or a shell that took this long to arrive, asks again.
 */
export const EARLY_ANSWER_MAX_AGE_MS = 30_000;

const GLOBAL_KEY = '__gridlensEarlyStart';
type WithEarlyStart = { [GLOBAL_KEY]?: EarlyStart };

/**
 * The early script's start, or null if the app has started already (the early script then does nothing: what it
 * sent would come too late for anyone to take it).
 */
export function openEarlyStart(target: object = globalThis): EarlyStart | null {
  const holder = target as WithEarlyStart;
  if (holder[GLOBAL_KEY]) return null;
  const start: EarlyStart = { clientConfig: null, answers: [] };
  holder[GLOBAL_KEY] = start;
  return start;
}

function earlyStart(target: object): EarlyStart {
  const holder = target as WithEarlyStart;
  holder[GLOBAL_KEY] ??= { clientConfig: null, answers: [] };
  return holder[GLOBAL_KEY];
}

/** For the app's start: the client configuration the early script fetched (once), or null to fetch it itself. */
export function takeEarlyClientConfig(target: object = globalThis): Promise<unknown> | null {
  const start = earlyStart(target);
  const config = start.clientConfig;
  start.clientConfig = null;
  return config;
}

/**
 * The early answer to GET `url` for this session, handed over once: only one sent with the same access token and
 * tenant (another user's or tenant's answer is never shown), and no older than EARLY_ANSWER_MAX_AGE_MS.
 */
export function takeEarlyAnswer(
  url: string,
  session: EarlySession | null,
  nowMs: number,
  target: object = globalThis,
): Promise<Response> | null {
  if (!session) return null;
  const { answers } = earlyStart(target);
  const index = answers.findIndex(
    (answer) => answer.url === url && answer.accessToken === session.accessToken && answer.tenant === session.tenant,
  );
  if (index < 0) return null;
  const [answer] = answers.splice(index, 1);
  return answer && nowMs - answer.sentAtMs <= EARLY_ANSWER_MAX_AGE_MS ? answer.response : null;
}
