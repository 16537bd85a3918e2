// The activities pages of a rider with 10^5 activities (BENCH_ACTIVITIES), for `npm run bench`.
export const seed = 'scripts/seed-bench-activities.ts';

const rider = 'bench@paceline.local';
export const pages = [
  { name: 'activities', path: '/user/activities', signedInAs: rider },
  { name: 'activities tab', path: '/user/activities?tab=activities', signedInAs: rider },
  { name: 'activities page 2', path: '/user/activities/list?page=2', signedInAs: rider },
  { name: 'activities page 50, oldest first', path: '/user/activities/list?page=50&sort=asc', signedInAs: rider },
];
