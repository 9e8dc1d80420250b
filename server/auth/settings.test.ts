import { describe, expect, it } from 'vitest';
import { authConfigFromEnv } from './settings.ts';

describe('auth settings from the environment', () => {
  it('leave unset ones to the defaults and parse the rest', () => {
    expect(authConfigFromEnv({})).toEqual({});
    expect(
      authConfigFromEnv({
        AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '1000',
        AUTH_SIGN_IN_MAX_ACCOUNT_DELAY_MS: '0',
        TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8 ::1',
      }),
    ).toEqual({
      authSignInSignUpsPerWindow: 1000,
      signInMaxAccountDelayMs: 0,
      trustedProxies: ['127.0.0.1', '10.0.0.0/8', '::1'],
    });
  });

  it('refuse a malformed value, naming it', () => {
    expect(() => authConfigFromEnv({ AUTH_RATE_LIMIT_TOKEN_REFRESH: 'lots' })).toThrow(/AUTH_RATE_LIMIT_TOKEN_REFRESH/);
    expect(() => authConfigFromEnv({ AUTH_MAX_METADATA_BYTES: '0' })).toThrow(/AUTH_MAX_METADATA_BYTES/);
    expect(() => authConfigFromEnv({ TRUSTED_PROXIES: 'proxy.internal' })).toThrow(/IP address or a CIDR range/);
  });
});
