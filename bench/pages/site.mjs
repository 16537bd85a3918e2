// Pages of the public site and the rider's profile, for `npm run bench` (bench/run.mjs).
// Each page: { name, path, signedInAs?: demo e-mail (password 'paceline-demo'), target?: minimum ratio to bare Remix }.
export const pages = [
  // The shell alone (root loader, session check, menus, header and footer): what every page pays.
  { name: 'shell only', path: '/bench/bare' },
  { name: 'home', path: '/' },
  { name: 'FAQs', path: '/faqs' },
  { name: 'events', path: '/events' },
  { name: 'event detail', path: '/event/detail/1' },
  { name: 'teams', path: '/teams' },
  { name: 'profile', path: '/user/profile', signedInAs: 'rider@paceline.local' },
];
