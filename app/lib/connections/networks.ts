import { ERROR_TRY_AGAIN_MESSAGE } from '../constants';

/**
 * The fitness networks of spec 1 §2 Connections, in the order the cards show, and the texts
 * of spec 1 §4/§8. Shared by the server, the machines and the Connections tab.
 */
export const NETWORKS = ['strava', 'todaysplan', 'trainingpeaks', 'intervals', 'analogx', 'xert', 'whoop'] as const;
export type Network = (typeof NETWORKS)[number];

export const NETWORK_NAMES: Record<Network, string> = {
  strava: 'Strava',
  todaysplan: 'TodaysPlan',
  trainingpeaks: 'TrainingPeaks',
  intervals: 'Intervals.icu',
  analogx: 'AnalogX',
  xert: 'Xert',
  whoop: 'WHOOP',
};

/** Networks whose activity API Paceline imports rides from (the sandbox speaks Strava's API). */
export const IMPORTING_NETWORKS: readonly Network[] = ['strava'];

export function isNetwork(value: string | undefined | null): value is Network {
  return (NETWORKS as readonly string[]).includes(value ?? '');
}

/** WHOOP is offered only to riders who are not normal users (spec 1 §6). */
export function networksFor(isNormalUser: boolean): Network[] {
  return NETWORKS.filter((network) => network !== 'whoop' || !isNormalUser);
}

/** Where every connection flow ends (spec 1 §4 "OAuth callback: ends by going to /user/profile"). */
export const CONNECTIONS_TAB_PATH = '/user/profile?tab=connections';

export const CONNECTION_MESSAGES = {
  failed: ERROR_TRY_AGAIN_MESSAGE,
  confirmRemove: (network: Network) => `Are you sure you want to remove ${NETWORK_NAMES[network].toUpperCase()}`,
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  /** Not in the spec (decision 119): a site whose operator configured no network and runs no sandbox. */
  noNetworks: 'No fitness networks can be connected on this site yet.',
} as const;

/** What the Connections tab knows about one card. */
export interface ConnectionCard {
  network: Network;
  name: string;
  linked: boolean;
  import: { status: 'idle' | 'running' | 'done' | 'failed'; done: number; total: number } | null;
  /** analogx only: the Read Terms link carrying the token from the rider's network data. */
  termsUrl: string | null;
}

/** The Connections tab's data, read by the profile loader only when the tab is open. */
export interface ConnectionsTabData {
  cards: ConnectionCard[];
  partners: Array<{ clientId: string; name: string; website: string; scope: string; authorizedAt: string }>;
  /** The callback's outcome for one network, from the query (connectNetwork's LOADED). */
  outcome: { network: Network; outcome: 'connected' | 'failed' } | null;
  /** Without JavaScript, Disconnect opens its confirmation (and Xert its form) through the URL. */
  confirm: Network | null;
  xertOpen: boolean;
}
