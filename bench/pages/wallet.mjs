// The wallet in `npm run bench`: /wallet and its transactions loader, with 10,000 transactions.
export const seed = 'scripts/seed-bench-wallet.ts';
export const pages = [
  { name: '/wallet', path: '/wallet', signedInAs: 'rider@paceline.local', target: 0.7 },
  { name: 'wallet transactions loader', path: '/wallet/transactions?page=1', signedInAs: 'rider@paceline.local', target: 1.0 },
];
