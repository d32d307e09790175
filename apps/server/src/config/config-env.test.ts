import { describe, expect, it } from 'vitest';
import { ConfigurationError, loadConfig } from './env';

describe('loadConfig', () => {
  it('falls back to the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.databaseUrl).toBeNull();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustedProxies).toEqual([]);
    expect(config.auth.signInAttemptsPer5Min).toBe(20);
  });

  it('refuses an OIDC_ISSUER that is not an http(s) URL with a host, naming it', () => {
    expect(loadConfig({ OIDC_ISSUER: 'https://login.example.ie/realms/portal' }).auth).toMatchObject({
      embedded: false,
      issuer: 'https://login.example.ie/realms/portal',
    });
    expect(loadConfig({ OIDC_ISSUER: 'http://localhost:8080/realms/portal' }).auth.issuer).toBe('http://localhost:8080/realms/portal');
    for (const bad of [
      'login.example.ie/realms/portal', // no scheme: z.url() took "login.example.ie:" for one
      'login.example.ie:8443/realms/portal',
      'ftp://login.example.ie/',
      'https://',
      'https:///realms/portal',
      'https://login.example.ie/realms/portal?x=1',
      'https://login.example.ie/realms/portal#top',
      'https://user:secret@login.example.ie/',
    ]) {
      expect(() => loadConfig({ OIDC_ISSUER: bad }), bad).toThrow(/OIDC_ISSUER: must be the issuer URL/);
    }
  });

  it('reads OIDC_ROLES_CLAIM as a claim path, and refuses one that is not, naming it', () => {
    expect(loadConfig({}).auth).toMatchObject({ rolesClaim: 'https://gridlens.io/roles', rolesPath: ['https://gridlens.io/roles'] });
    expect(loadConfig({ OIDC_ROLES_CLAIM: 'realm_access.roles' }).auth).toMatchObject({
      rolesClaim: 'realm_access.roles',
      rolesPath: ['realm_access', 'roles'],
    });
    expect(loadConfig({ OIDC_ROLES_CLAIM: '["https://example.com/app"].roles' }).auth).toMatchObject({
      rolesClaim: '["https://example.com/app"].roles',
      rolesPath: ['https://example.com/app', 'roles'],
    });
    for (const bad of ['realm_access.', 'a..b', 'a[roles]', 'https://example.com/app["roles"]']) {
      expect(() => loadConfig({ OIDC_ROLES_CLAIM: bad }), bad).toThrow(/OIDC_ROLES_CLAIM: must be a claim name or a path/);
    }
  });

  it('reads the tenant at OIDC_TENANT_CLAIM, else OIDC_TENANT_KEY inside OIDC_APP_METADATA_CLAIM, and refuses both', () => {
    expect(loadConfig({}).auth).toMatchObject({
      tenantPath: ['https://gridlens.io/app_metadata', 'tenant'],
      tenantClaim: '["https://gridlens.io/app_metadata"].tenant',
    });
    expect(loadConfig({ OIDC_APP_METADATA_CLAIM: 'app_metadata', OIDC_TENANT_KEY: 'org' }).auth).toMatchObject({
      tenantPath: ['app_metadata', 'org'],
      tenantClaim: 'app_metadata.org',
    });
    expect(loadConfig({ OIDC_TENANT_CLAIM: '["extn.tenant"]' }).auth).toMatchObject({
      tenantPath: ['extn.tenant'],
      tenantClaim: '["extn.tenant"]',
    });
    expect(() => loadConfig({ OIDC_TENANT_CLAIM: 'tenant', OIDC_TENANT_KEY: 'org' })).toThrow(
      /OIDC_TENANT_CLAIM: set either OIDC_TENANT_CLAIM or OIDC_APP_METADATA_CLAIM and OIDC_TENANT_KEY, not both/,
    );
    expect(() => loadConfig({ OIDC_TENANT_CLAIM: 'org..tenant' })).toThrow(/OIDC_TENANT_CLAIM: must be a claim name or a path/);
  });

  it('sends an external issuer audience=OIDC_AUDIENCE unless OIDC_AUTHORIZATION_PARAMS says otherwise', () => {
    expect(loadConfig({}).auth.authorizationParams).toEqual({}); // the embedded provider needs none
    const external = { OIDC_ISSUER: 'https://login.example.ie/', OIDC_AUDIENCE: 'https://api.example.ie' };
    expect(loadConfig(external).auth.authorizationParams).toEqual({ audience: 'https://api.example.ie' });
    expect(
      loadConfig({ ...external, OIDC_AUTHORIZATION_PARAMS: 'resource=https%3A%2F%2Fapi.example.ie&acr_values=mfa' }).auth
        .authorizationParams,
    ).toEqual({ resource: 'https://api.example.ie', acr_values: 'mfa' });
    expect(loadConfig({ ...external, OIDC_AUTHORIZATION_PARAMS: 'none' }).auth.authorizationParams).toEqual({});
  });

  it('refuses authorization parameters the portal sets itself, given twice or without a value, naming the variable', () => {
    for (const [bad, problem] of [
      ['prompt=login', 'prompt is set by the portal itself'],
      ['redirect_uri=https://evil.example/', 'redirect_uri is set by the portal itself'],
      ['resource=a&resource=b', 'resource is given twice'],
      ['resource=', 'resource has no value'],
      ['=x', 'a parameter has no name'],
    ] as const) {
      expect(() => loadConfig({ OIDC_AUTHORIZATION_PARAMS: bad }), bad).toThrow(`OIDC_AUTHORIZATION_PARAMS: ${problem}`);
    }
  });

  it('finds Chromium at Debian’s path unless CHROMIUM_PATH says otherwise, and limits report attachments to 10 MB by default', () => {
    expect(loadConfig({}).reportDelivery).toEqual({
      runsSchedules: true,
      chromiumPath: '/usr/bin/chromium',
      attachmentLimitBytes: 10 * 1024 * 1024,
      renderUrl: null,
    });
    expect(
      loadConfig({ CHROMIUM_PATH: '/opt/chrome/chrome', REPORT_ATTACHMENT_LIMIT_MB: '2.5', REPORT_RENDER_URL: 'http://10.0.0.5:3000' })
        .reportDelivery,
    ).toEqual({
      runsSchedules: true,
      chromiumPath: '/opt/chrome/chrome',
      attachmentLimitBytes: 2_621_440,
      renderUrl: 'http://10.0.0.5:3000',
    });
    expect(loadConfig({ REPORT_DELIVERY: 'off' }).reportDelivery.runsSchedules).toBe(false);
    expect(() => loadConfig({ REPORT_DELIVERY: 'maybe' })).toThrow(/REPORT_DELIVERY/);
    expect(() => loadConfig({ REPORT_RENDER_URL: 'not an address' })).toThrow(/REPORT_RENDER_URL/);
    expect(() => loadConfig({ REPORT_ATTACHMENT_LIMIT_MB: '0' })).toThrow(/REPORT_ATTACHMENT_LIMIT_MB/);
    expect(() => loadConfig({ REPORT_ATTACHMENT_LIMIT_MB: 'ten' })).toThrow(/REPORT_ATTACHMENT_LIMIT_MB/);
  });

  it('uses no weather service unless WEATHER_API_URL is set, and names a bad URL or timeout', () => {
    expect(loadConfig({}).weatherService).toBeNull();
    expect(loadConfig({ WEATHER_API_URL: 'https://api.open-meteo.com/v1/forecast', WEATHER_API_KEY: 'k' }).weatherService).toEqual({
      url: 'https://api.open-meteo.com/v1/forecast',
      key: 'k',
      timeoutMs: 5000,
    });
    expect(loadConfig({ WEATHER_API_URL: 'http://wx.local/', WEATHER_API_TIMEOUT_MS: '800' }).weatherService).toEqual({
      url: 'http://wx.local/',
      key: null,
      timeoutMs: 800,
    });
    expect(() => loadConfig({ WEATHER_API_URL: 'ftp://wx.local/' })).toThrow(/WEATHER_API_URL/);
    expect(() => loadConfig({ WEATHER_API_TIMEOUT_MS: '5' })).toThrow(/WEATHER_API_TIMEOUT_MS/);
  });

  it('reads the sign-in limit, and refuses one that is not a positive whole number, naming it', () => {
    expect(loadConfig({ SIGN_IN_ATTEMPTS_PER_5_MIN: '500' }).auth.signInAttemptsPer5Min).toBe(500);
    expect(() => loadConfig({ SIGN_IN_ATTEMPTS_PER_5_MIN: '0' })).toThrow(/SIGN_IN_ATTEMPTS_PER_5_MIN/);
  });

  it('reads the per-address sign-in limit (25 by default), and refuses one that is not a positive whole number, naming it', () => {
    expect(loadConfig({}).auth.signInAttemptsPerAddressPer5Min).toBe(25);
    expect(loadConfig({ SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN: '500' }).auth.signInAttemptsPerAddressPer5Min).toBe(500);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => loadConfig({ SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN: bad }), bad).toThrow(/SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_5_MIN/);
  });

  it('reads the per-address limit on starting sign-ins (300 by default), and refuses a bad one, naming it', () => {
    expect(loadConfig({}).auth.signInStartsPerAddressPer5Min).toBe(300);
    expect(loadConfig({ SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN: '5000' }).auth.signInStartsPerAddressPer5Min).toBe(5000);
    for (const bad of ['0', '-1', '2.5', 'many'])
      expect(() => loadConfig({ SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN: bad }), bad).toThrow(/SIGN_IN_STARTS_PER_ADDRESS_PER_5_MIN/);
  });

  it('reads the tracking demo’s history (eight weeks by default) apart from the power demo’s, and refuses a bad one, naming it', () => {
    expect(loadConfig({})).toMatchObject({ demoHistoryDays: 21, demoTrackingHistoryDays: 56 });
    expect(loadConfig({ DEMO_HISTORY_DAYS: '1', DEMO_TRACKING_HISTORY_DAYS: '3' })).toMatchObject({
      demoHistoryDays: 1,
      demoTrackingHistoryDays: 3,
    });
    for (const bad of ['-1', '401', '2.5', 'weeks'])
      expect(() => loadConfig({ DEMO_TRACKING_HISTORY_DAYS: bad }), bad).toThrow(/DEMO_TRACKING_HISTORY_DAYS/);
  });

  it('tells whether PUBLIC_URL was set, keeping localhost as the default address', () => {
    expect(loadConfig({})).toMatchObject({ publicUrlIsSet: false, publicUrl: 'http://localhost:3000' });
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.ie/' })).toMatchObject({
      publicUrlIsSet: true,
      publicUrl: 'https://portal.example.ie',
    });
  });

  it('reads TRUST_PROXY as addresses and ranges, and rejects anything else, naming it', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 127.0.0.1,::1, loopback ' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'loopback',
    ]);
    for (const bad of ['2', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/1'])
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
  });

  it('uses the embedded identity provider when OIDC_ISSUER is unset', () => {
    const { auth } = loadConfig({});
    expect(auth.embedded).toBe(true);
    expect(auth.issuer).toBe('http://localhost:3000/oidc');
    expect(auth.scope.split(' ')).toContain('api');
  });

  it('puts the embedded issuer on the configured port', () => {
    expect(loadConfig({ PORT: '8080' }).auth.issuer).toBe('http://localhost:8080/oidc');
  });

  it('treats empty variables as unset', () => {
    const config = loadConfig({ PORT: '', DATA_DIR: '', OIDC_ISSUER: '' });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.auth.embedded).toBe(true);
  });

  it('reads PORT, DATA_DIR and DATABASE_URL', () => {
    const config = loadConfig({ PORT: '4100', DATA_DIR: '/var/lib/gridlens', DATABASE_URL: 'postgres://u@db:5432/gridlens' });
    expect(config.port).toBe(4100);
    expect(config.dataDir).toBe('/var/lib/gridlens');
    expect(config.databaseUrl).toBe('postgres://u@db:5432/gridlens');
  });

  it.each(['abc', '0', '70000', '30.5'])('rejects PORT=%s with a ConfigurationError naming PORT', (port) => {
    expect(() => loadConfig({ PORT: port })).toThrow(ConfigurationError);
    expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('rejects a DATABASE_URL that is not PostgreSQL, naming DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigurationError);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('names every bad variable at once', () => {
    let message = '';
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      message = (error as Error).message;
    }
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/DATABASE_URL/);
  });

  it('uses an external issuer when OIDC_ISSUER is set', () => {
    const { auth } = loadConfig({ OIDC_ISSUER: 'https://login.example.com/' });
    expect(auth.embedded).toBe(false);
    expect(auth.issuer).toBe('https://login.example.com/');
    expect(auth.scope.split(' ')).not.toContain('api');
    expect(auth.scope.split(' ')).toContain('openid');
  });

  it('lets OIDC_SCOPE override the default scope', () => {
    expect(loadConfig({ OIDC_ISSUER: 'https://login.example.com/', OIDC_SCOPE: 'openid api:read' }).auth.scope).toBe('openid api:read');
  });

  it('runs the embedded MQTT broker on 1884 unless MQTT_URL names a broker or MQTT_PORT is off, and names a bad port', () => {
    expect(loadConfig({}).mqttBroker).toEqual({ port: 1884, host: '0.0.0.0', topicPrefix: 'gridlens' });
    expect(loadConfig({ MQTT_PORT: '1883', HOST: '127.0.0.1' }).mqttBroker).toEqual({
      port: 1883,
      host: '127.0.0.1',
      topicPrefix: 'gridlens',
    });
    expect(loadConfig({ MQTT_PORT: 'off' }).mqttBroker).toBeNull();
    const outside = loadConfig({ MQTT_URL: 'mqtt://broker:1883' });
    expect([outside.mqttBroker, outside.mqtt?.url]).toEqual([null, 'mqtt://broker:1883']);
    for (const bad of ['65536', '-1', 'on', '18.5']) expect(() => loadConfig({ MQTT_PORT: bad }), bad).toThrow(/MQTT_PORT/);
  });

  it("names the outside broker's sessions after MQTT_CLIENT_ID, by default after the share group, never after the process", () => {
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883' }).mqtt?.clientId).toBe('gridlens-gridlens');
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_SHARE_GROUP: 'portal-a' }).mqtt?.clientId).toBe('gridlens-portal-a');
    expect(loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_CLIENT_ID: 'site-7.ingest' }).mqtt?.clientId).toBe('site-7.ingest');
    for (const bad of ['has space', 'a/b', 'x'.repeat(101)]) {
      expect(() => loadConfig({ MQTT_URL: 'mqtt://broker:1883', MQTT_CLIENT_ID: bad }), bad).toThrow(/MQTT_CLIENT_ID/);
    }
  });
});
