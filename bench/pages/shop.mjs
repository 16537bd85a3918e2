// The In Game Shop tab's data (static catalogue plus the rider's balances and owned items),
// read by `npm run bench` against the bare route; target: at least 100 % of its requests per second.
export const pages = [{ name: 'shop tab data', path: '/user/shop', signedInAs: 'rider@paceline.local', target: 1.0 }];
