import { NETWORK_NAMES, NETWORKS, type Network } from '~/lib/connections/networks';
import { getEnv, networkVariable, sandboxesEnabled } from '../platform/env.server';
import { siteUrl } from '../platform/site-origin.server';
import { derivedSecret } from './secrets.server';

/** Scopes requested per provider (spec 1 §4 "scopes are requested per provider"). */
const SCOPES: Record<Network, string[]> = {
  strava: ['read', 'activity:read_all'],
  todaysplan: [],
  trainingpeaks: ['athlete:profile', 'workouts:read'],
  intervals: ['ACTIVITY:READ'],
  analogx: ['read'],
  xert: [],
  whoop: ['offline', 'read:profile', 'read:workout'],
};

export interface NetworkClient {
  network: Network;
  name: string;
  sandbox: boolean;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  revokeUrl: string | null;
  apiUrl: string | null;
  scopes: string[];
  /** Strava separates scopes with commas instead of spaces. */
  scopeSeparator: ',' | ' ';
  /** PKCE where the provider supports it: the sandbox does; the listed real providers do not document it. */
  pkce: boolean;
  redirectUri: string;
}

/** The sandbox's client id for a network; its secret derives from the generated key. */
export function sandboxClientId(network: Network): string {
  return `paceline-${network}`;
}

export function sandboxClientSecret(network: Network): string {
  return derivedSecret(`sandbox-client-secret:${network}`);
}

/** Where Paceline's callback is for a network (registered at the provider exactly): on the site's origin (decision 120). */
export function callbackUrl(network: Network): string {
  return siteUrl(`/oauth/${network}`);
}

/** The origins of the real providers' sign-in pages, where a Connect post redirects (the pages' form-action). */
export function connectAuthorizeOrigins(): string[] {
  const env = getEnv();
  return NETWORKS.flatMap((network) => {
    const authorizeUrl = env[networkVariable(network, 'CLIENT_ID')] ? env[networkVariable(network, 'AUTHORIZE_URL')] : undefined;
    return authorizeUrl ? [new URL(authorizeUrl).origin] : [];
  });
}

/**
 * Whether riders are offered this network: it has a client id, or the sandboxes serve
 * (decision 119: never the sandbox in production unless SANDBOXES=true).
 */
export function isNetworkOffered(network: Network): boolean {
  return Boolean(getEnv()[networkVariable(network, 'CLIENT_ID')]) || sandboxesEnabled();
}

/** A network's OAuth client from configuration; the sandbox mounted in the app when unconfigured. */
export function networkClient(network: Network): NetworkClient {
  const env = getEnv();
  const clientId = env[networkVariable(network, 'CLIENT_ID')];
  const common = {
    network,
    name: NETWORK_NAMES[network],
    scopes: SCOPES[network],
    scopeSeparator: network === 'strava' ? (',' as const) : (' ' as const),
    redirectUri: callbackUrl(network),
  };
  if (clientId) {
    return {
      ...common,
      sandbox: false,
      clientId,
      clientSecret: env[networkVariable(network, 'CLIENT_SECRET')] ?? '',
      authorizeUrl: env[networkVariable(network, 'AUTHORIZE_URL')] ?? '',
      tokenUrl: env[networkVariable(network, 'TOKEN_URL')] ?? '',
      revokeUrl: env[networkVariable(network, 'REVOKE_URL')] ?? null,
      apiUrl: env[networkVariable(network, 'API_URL')] ?? null,
      pkce: false,
    };
  }
  const base = (suffix: string) => siteUrl(`/sandbox/${network}${suffix}`);
  return {
    ...common,
    sandbox: true,
    clientId: sandboxClientId(network),
    clientSecret: sandboxClientSecret(network),
    authorizeUrl: base('/oauth/authorize'),
    tokenUrl: base('/oauth/token'),
    revokeUrl: base('/oauth/revoke'),
    apiUrl: base('/api'),
    pkce: true,
  };
}
