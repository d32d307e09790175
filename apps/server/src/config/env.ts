import { isIP } from 'node:net';
import { z } from 'zod';
import { claimPathText, parseClaimPath } from '@gridlens/domain/claim-path';
import { DEVICE_CLOCK_AHEAD_MAX_MINUTES_DEFAULT, DEVICE_CLOCK_AHEAD_MAX_MINUTES_LIMIT } from '@gridlens/domain/device-clock';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An address, a CIDR range or one of proxy-addr's named ranges, as Fastify's trustProxy takes them. */
function isProxyAddress(entry: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/**
 * An OpenID Connect issuer: an http(s) URL with a host and neither query nor fragment (OpenID Connect Discovery
 * §4.1 appends /.well-known/openid-configuration to it). `z.url()` alone took `login.example.com` (no scheme) as
 * a URL of scheme "login.example.com:" and the server then failed at the first sign-in.
 */
function isIssuerUrl(text: string): boolean {
  if (!/^https?:\/\/[^/?#\s]+/i.test(text)) return false;
  try {
    const url = new URL(text);
    return url.hostname !== '' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/**
 * Parameters the web app and its sign-in library set themselves: an extra one of the same name would break the
 * code flow (PKCE, state, redirect) or silent renewal (`prompt=none`), so it is refused at start-up.
 */
const RESERVED_AUTHORIZATION_PARAMETERS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'ui_locales',
  'id_token_hint',
];

/** `OIDC_AUTHORIZATION_PARAMS` in query-string form (`resource=https%3A%2F%2Fapi.example.ie&x=y`), one value a name; `none`: none. */
const authorizationParameters = z.string().transform((text, context) => {
  if (text === 'none') return {};
  const params = new URLSearchParams(text);
  const names = [...params.keys()];
  const problems = [
    ...names.filter((name) => name === '').map(() => 'a parameter has no name'),
    ...names.filter((name, i) => names.indexOf(name) !== i).map((name) => `${name} is given twice`),
    ...names.filter((name) => RESERVED_AUTHORIZATION_PARAMETERS.includes(name)).map((name) => `${name} is set by the portal itself`),
    ...[...params].filter(([, value]) => value === '').map(([name]) => `${name} has no value`),
  ];
  for (const message of new Set(problems)) context.addIssue({ code: 'custom', message: `${message} (name=value&name=value)` });
  return Object.fromEntries(params);
});

/** Every setting the server reads, with its default. Documented in docs/configuration.md. */
/** A claim path setting (claim-path.ts), parsed once here: its text as written and its steps. */
const claimPathSetting = z
  .string()
  .min(1)
  .transform((text, context) => {
    const path = parseClaimPath(text);
    if (path !== null) return { text, path };
    context.addIssue({
      code: 'custom',
      message:
        'must be a claim name or a path such as realm_access.roles; a name holding dots goes in brackets: ["https://example.com/app"].roles',
    });
    return z.NEVER;
  });

/** The portal's own place for the tenant: `tenant` inside the app-metadata object claim. */
const DEFAULT_APP_METADATA_CLAIM = 'https://gridlens.io/app_metadata';
const DEFAULT_TENANT_KEY = 'tenant';

const EnvSchema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    // The origin users reach the portal on. Unset (a trial): the embedded provider answers at whatever address the
    // browser used. Set (a deployment): other addresses are redirected to it.
    PUBLIC_URL: z.url().optional(),
    NODE_ENV: z.string().optional(),
    // The demo accounts (and their hints on the sign-in page); on unless NODE_ENV=production.
    DEMO_MODE: booleanFlag.optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ENVIRONMENT: z.string().min(1).default('demo'),
    // Seeding the demo tenants; follows DEMO_MODE unless set.
    DEMO_DATA: booleanFlag.optional(),
    DEMO_HISTORY_DAYS: z.coerce.number().int().min(0).max(400).default(21),
    // FleetCo's tracking history: eight weeks by default (its trackers' cycles take days to weeks).
    DEMO_TRACKING_HISTORY_DAYS: z.coerce.number().int().min(0).max(400).default(56),
    WEB_DIST_DIR: z.string().optional(),
    MQTT_URL: z
      .string()
      .regex(/^mqtts?:\/\/|^wss?:\/\//, 'must be an mqtt://, mqtts://, ws:// or wss:// URL')
      .optional(),
    // Without MQTT_URL the server runs its own MQTT broker on this port (off: none). 1884, not MQTT's usual 1883,
    // so that it never clashes with a broker already installed on the machine (docs/configuration.md).
    MQTT_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(1884),
    MQTT_TOPIC_PREFIX: z
      .string()
      .min(1)
      .regex(/^[^#+$]+$/, 'must not contain #, + or $')
      .default('gridlens'),
    MQTT_SHARE_GROUP: z
      .string()
      .min(1)
      .regex(/^[^/#+]+$/, 'must not contain /, # or +')
      .default('gridlens'),
    // Prefix of the subscriber's session client ids on an outside broker (<prefix>-0 … -15); default gridlens-<share group>.
    MQTT_CLIENT_ID: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,100}$/, 'must be 1 to 100 letters, digits, ".", "_", ":" or "-"')
      .optional(),
    RAW_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(400),
    // How far a device's clock may be off: messages dated further ahead of the server, or further back, are refused
    // one by one (dead letters). Behind defaults to RAW_RETENTION_DAYS. See docs/decisions.md.
    DEVICE_CLOCK_AHEAD_MINUTES: z.coerce
      .number()
      .int()
      .min(0)
      .max(DEVICE_CLOCK_AHEAD_MAX_MINUTES_LIMIT)
      .default(DEVICE_CLOCK_AHEAD_MAX_MINUTES_DEFAULT),
    DEVICE_CLOCK_BEHIND_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
    // Sign-in attempts per address and account in 5 minutes at the embedded provider (slows password guessing).
    SIGN_IN_ATTEMPTS_PER_5_MIN: z.coerce.number().int().min(1).max(10_000).default(20),
    // Sign-in attempts per address across all accounts in 5 minutes (slows password spraying).
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN: z.coerce.number().int().min(1).max(100_000).default(25),
    // Sign-ins (visits to /oidc/auth) one address may start in 5 minutes; each signed-out one stores an interaction for an hour.
    SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN: z.coerce.number().int().min(1).max(1_000_000).default(300),
    // Alert emails: without SMTP_URL they stay in the outbox (alert_notifications) and the server says so at start.
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    SMTP_FROM: z.string().min(3).default('Gridlens alerts <alerts@gridlens.invalid>'),
    // Whether this process sends the scheduled reports (the job, and the browser it starts). Off on the processes that
    // answer users when one process of its own sends them (docs/configuration.md "A process for the reports").
    REPORT_DELIVERY: z.enum(['on', 'off']).default('on'),
    // The headless browser that prints reports to PDF. Missing or failing: report emails go with their spreadsheets only.
    CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
    // Above this total, a report email carries no attachments but the link to the report in the portal.
    REPORT_ATTACHMENT_LIMIT_MB: z.coerce.number().positive().max(1_000).default(10),
    // Where this process's own browser loads the report pages it prints: by default its loopback address and port
    // (its render tickets are good in this process only). Set it when the server listens on one address only.
    REPORT_RENDER_URL: z.url().optional(),
    // The reverse proxies whose X-Forwarded-For is believed, by address or CIDR (or loopback, linklocal,
    // uniquelocal). Empty (the default) believes none: otherwise any client could name its own address and
    // step around the per-address rate limits. A hop count would not do: it trusts whoever connects directly.
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== ''),
      )
      .refine(
        (entries) => entries.every(isProxyAddress),
        'must be IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated',
      ),
    // Map tiles for the maps, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png. Unset: the web app draws
    // its own basemap from Natural Earth data it ships, so that the maps work without any outside server.
    MAP_TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
      .refine((url) => ['{z}', '{x}', '{y}'].every((part) => url.includes(part)), 'must contain {z}, {x} and {y}')
      .optional(),
    MAP_TILE_ATTRIBUTION: z.string().max(300).default(''),
    // The tile server's highest zoom (OpenStreetMap's is 19): the maps zoom no further, rather than show blank tiles.
    MAP_TILE_MAX_ZOOM: z.coerce.number().int().min(10).max(22).default(18),
    // An external hourly weather service (Open-Meteo's API shape). Unset: the offline Irish climate model answers
    // ambient temperatures; set: it is asked first, and the model answers when it fails or is slow (docs/configuration.md).
    WEATHER_API_URL: z
      .string()
      .regex(/^https?:\/\/[^\s]+$/, 'must be an http(s) URL')
      .optional(),
    WEATHER_API_KEY: z.string().max(500).optional(),
    WEATHER_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    OIDC_ISSUER: z
      .string()
      .refine(isIssuerUrl, 'must be the issuer URL, http(s) with a host and no query, e.g. https://login.example.ie/realms/portal')
      .optional(),
    OIDC_CLIENT_ID: z.string().min(1).default('gridlens-web'),
    // A resource indicator must be an absolute URI (RFC 8707), hence the URN.
    OIDC_AUDIENCE: z.string().min(1).default('urn:gridlens:api'),
    OIDC_SCOPE: z.string().min(1).optional(),
    // Where the roles are in a token: a claim name, a dotted path (realm_access.roles) or bracketed names
    // (["https://example.com/app"].roles); a URL is one name whole. See claim-path.ts and docs/configuration.md.
    // Parsed here, once: the API, the embedded provider and the tests read the path's steps from the configuration.
    OIDC_ROLES_CLAIM: claimPathSetting.prefault('https://gridlens.io/roles'),
    // Extra parameters of the authorization request, e.g. resource=… for providers that follow RFC 8707. Unset: the
    // external issuer is sent audience=$OIDC_AUDIENCE (Auth0's way), the embedded provider nothing.
    OIDC_AUTHORIZATION_PARAMS: authorizationParameters.optional(),
    // Where the tenant is in a token: a claim path as OIDC_ROLES_CLAIM (e.g. `tenant` at the top level, Entra ID's
    // `extn.tenant`). Unset: the key OIDC_TENANT_KEY inside the object claim OIDC_APP_METADATA_CLAIM (Auth0's
    // app_metadata way, the portal's default); setting both ways is refused as ambiguous.
    OIDC_TENANT_CLAIM: claimPathSetting.optional(),
    OIDC_APP_METADATA_CLAIM: z.string().min(1).optional(),
    OIDC_TENANT_KEY: z.string().min(1).optional(),
    OIDC_SIGN_IN_MODE: z.enum(['redirect', 'popup']).default('redirect'),
  })
  .superRefine((env, context) => {
    if (env.OIDC_TENANT_CLAIM && (env.OIDC_APP_METADATA_CLAIM !== undefined || env.OIDC_TENANT_KEY !== undefined)) {
      context.addIssue({
        code: 'custom',
        path: ['OIDC_TENANT_CLAIM'],
        message:
          'set either OIDC_TENANT_CLAIM or OIDC_APP_METADATA_CLAIM and OIDC_TENANT_KEY, not both: they name two places for the tenant',
      });
    }
  });

export type ServerConfig = ReturnType<typeof toServerConfig>;

function toServerConfig(env: z.infer<typeof EnvSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const embeddedIdentityProvider = env.OIDC_ISSUER === undefined;
  const demoMode = env.DEMO_MODE ?? env.NODE_ENV !== 'production';
  const tenantPath = env.OIDC_TENANT_CLAIM?.path ?? [
    env.OIDC_APP_METADATA_CLAIM ?? DEFAULT_APP_METADATA_CLAIM,
    env.OIDC_TENANT_KEY ?? DEFAULT_TENANT_KEY,
  ];
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    /** Whether PUBLIC_URL was set: then it is the one address of the portal, and others redirect to it. */
    publicUrlIsSet: env.PUBLIC_URL !== undefined,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL ?? null,
    logLevel: env.LOG_LEVEL,
    environment: env.ENVIRONMENT,
    demoMode,
    demoData: env.DEMO_DATA ?? demoMode,
    demoHistoryDays: env.DEMO_HISTORY_DAYS,
    demoTrackingHistoryDays: env.DEMO_TRACKING_HISTORY_DAYS,
    webDistDir: env.WEB_DIST_DIR ?? null,
    mqtt: env.MQTT_URL
      ? {
          url: env.MQTT_URL,
          topicPrefix: env.MQTT_TOPIC_PREFIX,
          shareGroup: env.MQTT_SHARE_GROUP,
          clientId: env.MQTT_CLIENT_ID ?? `gridlens-${env.MQTT_SHARE_GROUP}`,
        }
      : null,
    // The embedded broker, when no outside one is named.
    mqttBroker:
      !env.MQTT_URL && env.MQTT_PORT !== 'off' ? { port: env.MQTT_PORT, host: env.HOST, topicPrefix: env.MQTT_TOPIC_PREFIX } : null,
    rawRetentionDays: env.RAW_RETENTION_DAYS,
    deviceClock: {
      aheadMaxMinutes: env.DEVICE_CLOCK_AHEAD_MINUTES,
      behindMaxDays: env.DEVICE_CLOCK_BEHIND_DAYS ?? env.RAW_RETENTION_DAYS,
    },
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM } : null,
    reportDelivery: {
      runsSchedules: env.REPORT_DELIVERY === 'on',
      chromiumPath: env.CHROMIUM_PATH,
      attachmentLimitBytes: Math.round(env.REPORT_ATTACHMENT_LIMIT_MB * 1024 * 1024),
      renderUrl: env.REPORT_RENDER_URL ?? null,
    },
    trustedProxies: env.TRUST_PROXY,
    mapTiles: env.MAP_TILE_URL ? { url: env.MAP_TILE_URL, attribution: env.MAP_TILE_ATTRIBUTION, maxZoom: env.MAP_TILE_MAX_ZOOM } : null,
    weatherService: env.WEATHER_API_URL
      ? { url: env.WEATHER_API_URL, key: env.WEATHER_API_KEY ?? null, timeoutMs: env.WEATHER_API_TIMEOUT_MS }
      : null,
    auth: {
      embedded: embeddedIdentityProvider,
      // With the embedded provider and no PUBLIC_URL, the issuer is that of the address each request came to
      // (issuerFor in oidc/public-origin.ts); this one, on localhost, is only what the start-up log shows.
      issuer: env.OIDC_ISSUER ?? `${publicUrl}/oidc`,
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE,
      // The embedded provider issues JWT access tokens only for its "api" resource scope.
      scope: env.OIDC_SCOPE ?? (embeddedIdentityProvider ? 'openid profile email api' : 'openid profile email'),
      /** OIDC_ROLES_CLAIM as written (the web app's configuration, messages that name it). */
      rolesClaim: env.OIDC_ROLES_CLAIM.text,
      /** OIDC_ROLES_CLAIM's steps (claim-path.ts): where the roles are read and issued. */
      rolesPath: env.OIDC_ROLES_CLAIM.path,
      // Sent with every authorization request (sign-in and silent renewal); the embedded provider needs none.
      authorizationParams: env.OIDC_AUTHORIZATION_PARAMS ?? (embeddedIdentityProvider ? {} : { audience: env.OIDC_AUDIENCE }),
      /** Where the tenant is read and issued (OIDC_TENANT_CLAIM, else OIDC_APP_METADATA_CLAIM and OIDC_TENANT_KEY). */
      tenantPath,
      /** The same path as text (the web app's configuration, messages that name it). */
      tenantClaim: env.OIDC_TENANT_CLAIM?.text ?? claimPathText(tenantPath),
      signInMode: env.OIDC_SIGN_IN_MODE,
      signInAttemptsPer5Min: env.SIGN_IN_ATTEMPTS_PER_5_MIN,
      signInAttemptsPerAddressPer5Min: env.SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN,
      signInStartsPerAddressPer5Min: env.SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN,
    },
  };
}

export class ConfigurationError extends Error {}

/** Reads and validates the environment; a bad value stops the start with every problem named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  return toServerConfig(parsed.data);
}
