import type { EventCategories, PrizeGate, PrizeMoney } from '~/lib/domain/events';
import type { events } from '~/db/schema';

/** The demo events: one of each kind the list, the wizard and the browser tests need. */
export const SEED_EVENT_NAMES = {
  grandPrix: 'Paceline Winter Grand Prix',
  desertClassic: 'Dubai Desert Classic',
  womensCrit: "Women's Sunset Criterium",
  morningDaily: 'Morning Daily Ride',
  eveningDaily: 'Evening Recovery Spin',
  hattaClimb: 'Hatta Hill Climb',
  teamTrial: 'Al Qudra Team Time Trial',
  jebelJais: 'Jebel Jais Mountain Stage',
  cornicheSprint: 'Corniche Sprint Race',
  fullHouse: 'Full House Criterium',
  closed: 'Autumn Classic',
  capped: 'CAT-2 Capped Race',
  coastal: 'Sharjah Coastal Loop',
  mensTrial: "Men's Time Trial",
  // The wizard's remaining step combinations (identity then team, identity then phone, device
  // then phone), so the browser suite can take every transition of its machine.
  liwaFondo: 'Liwa Team Gran Fondo',
  fujairahTrial: 'Fujairah Verified Time Trial',
  trainerCup: 'Ras Al Khaimah Smart Trainer Cup',
} as const;

function daysFromNow(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const threeCategories: EventCategories = {
  'Category 1': { time: '18:00', distanceKm: 42.5, elevationM: 380 },
  'Category 2': { time: '18:05', distanceKm: 34.2, elevationM: 290 },
  'Category 3': { time: '18:10', distanceKm: 25.8, elevationM: 210 },
};
const sixCategories: EventCategories = {
  ...threeCategories,
  'Category 4': { time: '18:15', distanceKm: 21.4, elevationM: 160 },
  'Category 5': { time: '18:20', distanceKm: 17.1, elevationM: 120 },
  'Category 6': { time: '18:25', distanceKm: 12.6, elevationM: 80 },
};
const oneCategory: EventCategories = { 'Category 1': { time: '07:00', distanceKm: 25, elevationM: 150 } };

const places = (...prizes: number[]): number[] => prizes;
const gate = (gateType: string, heading: string, prizes: number[]): PrizeGate => ({ gateType, heading, prizes });

const seriesPrize: PrizeMoney = {
  templateType: 'SERIES',
  currency: 'AED',
  conversionRate: 3.6725,
  overall: [gate('GC', 'Overall classification', places(15000, 9000, 6000, 3000, 2000, 1500, 1000, 750))],
  day: [1, 2, 3].map((day) => ({
    day,
    gates: [gate('STAGE', `Stage ${day} winner`, places(3000, 2000, 1000, 500, 250)), gate('KOM', `Stage ${day} king of the mountain`, places(750, 500, 250))],
  })),
};
const classicPrize: PrizeMoney = {
  templateType: 'SINGLE',
  currency: 'USD',
  conversionRate: 3.6725,
  overall: [gate('FINISH', 'Finish line', places(7345, 3672.5, 1836.25, 918, 459))],
  day: [],
};
const critPrize: PrizeMoney = {
  templateType: 'SINGLE',
  currency: 'AED',
  conversionRate: 3.6725,
  overall: [gate('FINISH', 'Finish line', places(5000, 3000, 1500, 800, 500, 300))],
  day: [],
};

const links = {
  technical_guide: 'https://paceline.local/technical-guide.pdf',
  ruleset: '/paceline-ruleset',
  requirements: '/faqs',
  course_details: '/routes',
};

const details = (text: string) =>
  `<p>${text}</p><h3>Schedule</h3><ul><li>Warm-up pen opens 30 minutes before the start.</li><li>Results are published after the finish on the results page.</li></ul><p>Please read the <a href="/paceline-ruleset">ruleset</a> before you race.</p>`;

type NewEvent = typeof events.$inferInsert;
const base = (fields: Partial<NewEvent> & Pick<NewEvent, 'name' | 'date'>): NewEvent => ({
  time: '18:00',
  capacity: 100,
  distanceKm: 30,
  elevationM: 250,
  image: '/images/events/event-road.svg',
  map: '/images/events/map-loop.svg',
  links,
  categories: threeCategories,
  description: 'A fast, friendly race on the Paceline world. Pick your category and bring your best legs.',
  detailsHtml: details('A fast, friendly race on the Paceline world.'),
  ...fields,
});

export function seedEvents(): NewEvent[] {
  const n = SEED_EVENT_NAMES;
  return [
    base({
      name: n.grandPrix,
      date: daysFromNow(7),
      eventType: 'featured',
      days: 3,
      capacity: 200,
      categories: sixCategories,
      prizeMoney: seriesPrize,
      identification: true,
      device: true,
      team: true,
      otp: true,
      dobRequired: true,
      minCap: 1,
      maxCap: 7,
      maxGrade: 9.5,
      laps: 3,
      routeType: 'Circuit',
      distanceKm: 42.5,
      elevationM: 380,
      teamHelpText: 'Racing for a club? Name it here: riders of the same team are grouped in the results.',
      description: 'Three stages over three evenings with daily prize money and an overall classification.',
      detailsHtml: `${details('Three stages over three evenings with daily prize money.')}<script>alert('x')</script>`,
      image: '/images/events/event-mountain.svg',
    }),
    base({
      name: n.desertClassic,
      date: daysFromNow(10),
      eventType: 'featured',
      prizeMoney: classicPrize,
      time: '19:30',
      distanceKm: 55,
      elevationM: 120,
      routeType: 'Point to point',
    }),
    base({
      name: n.womensCrit,
      date: daysFromNow(12),
      eventType: 'featured',
      gender: 1,
      prizeMoney: critPrize,
      time: '17:45',
      categoryKey: 0,
      minCap: 3.3,
      image: '/images/events/event-crit.svg',
    }),
    base({
      name: n.morningDaily,
      date: daysFromNow(1),
      dailyRide: true,
      time: '07:00',
      categories: oneCategory,
      capacity: 500,
      distanceKm: 25,
      description: 'An easy social ride every morning at 07:00 GMT+4.',
    }),
    base({
      name: n.eveningDaily,
      date: daysFromNow(1),
      dailyRide: true,
      eventType: 'open',
      time: '20:00',
      categories: oneCategory,
      capacity: 500,
      distanceKm: 20,
    }),
    base({ name: n.hattaClimb, date: daysFromNow(14), identification: true, maxGrade: 12, distanceKm: 18, elevationM: 690 }),
    base({ name: n.teamTrial, date: daysFromNow(15), team: true, teamHelpText: 'Teams of four; name your team so we can seed your start.' }),
    base({ name: n.jebelJais, date: daysFromNow(16), device: true, distanceKm: 28, elevationM: 1100, maxGrade: 10 }),
    base({ name: n.cornicheSprint, date: daysFromNow(17), otp: true, eventType: 'open' }),
    base({ name: n.fullHouse, date: daysFromNow(5), capacity: 2 }),
    base({ name: n.closed, date: daysFromNow(3), accept: false }),
    base({ name: n.capped, date: daysFromNow(18), categoryKey: 1, minCap: 1, maxCap: 3.9 }),
    base({ name: n.coastal, date: daysFromNow(19) }),
    base({ name: n.mensTrial, date: daysFromNow(20), gender: 0, categoryKey: 0, minCap: 4 }),
    base({
      name: n.liwaFondo,
      date: daysFromNow(21),
      identification: true,
      team: true,
      distanceKm: 80,
      elevationM: 420,
      teamHelpText: 'Ride for your club: verified riders of one team start together.',
    }),
    base({ name: n.fujairahTrial, date: daysFromNow(22), identification: true, otp: true, distanceKm: 24, elevationM: 140 }),
    base({ name: n.trainerCup, date: daysFromNow(23), device: true, otp: true, distanceKm: 32, elevationM: 300 }),
  ];
}

export const SEED_TEAMS = [
  'Abu Dhabi Aces',
  'Al Ain Oasis Riders',
  'Bahrain Breakaway',
  'Cadence Collective',
  'Dubai Dune Flyers',
  'Emirates Echelon',
  'Falcon Velo',
  'Gulf Gruppetto',
  'Hajar Climbers',
  'Indoor Inferno',
  'Jumeirah Jets',
  'Khor Fakkan Kings',
  'Liwa Lightning',
  'Marina Mavericks',
  'Nomad Velo',
  'Oman Outriders',
  'Pace Pirates',
  'Qatar Quick Step-Ups',
  'Ras Al Khaimah Racers',
  'Sprint Syndicate',
];

/** Logos for the teams above; one points to a missing file so the fallback shows. */
export function teamLogo(index: number): string | null {
  if (index === 1) return '/images/teams/missing-logo.png';
  if (index % 4 === 3) return null;
  return `/images/teams/team-${index % 3}.svg`;
}
