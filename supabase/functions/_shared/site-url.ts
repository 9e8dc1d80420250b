/**
 * The public site's origin that links in e-mails point at (admin invites, messages to guests): the
 * SITE_URL secret, else where the auth service's links land (AUTH_SITE_URL, which the local
 * backend sets to the app's URL); never the request's Host, which a caller could choose.
 */
import { readEnv } from './env.ts';

/** E.g. 'https://cdovision.example', without a trailing slash; throws when neither is set. */
export function mailSiteUrl(): string {
  const configured = readEnv('SITE_URL') ?? readEnv('AUTH_SITE_URL');
  if (!configured) throw new Error('The server function environment lacks SITE_URL (the site for links in e-mails)');
  return configured.replace(/\/+$/, '');
}
