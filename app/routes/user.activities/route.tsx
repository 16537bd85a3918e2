import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { FtpDetectionNotice } from '~/components/activities/FtpDetectionNotice';
import { useFetcher, useLoaderData, useLocation } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { cacheable } from '~/lib/response-cache';
import { ShopTab } from '~/components/shop/ShopTab';
import { Tabs } from '~/components/ui/Tabs';
import { requireUser, requireUserRow } from '~/services/accounts/auth.server';
import { markImportSeen } from '~/services/activities/imports.server';
import { handleDetectionForm } from './detection-action.server';
import { ActivitiesTab } from './components/ActivitiesTab';
import { ImportBanner } from './components/ImportBanner';
import { PlayerHeader } from './components/PlayerHeader';
import { ProgressChart, ProgressTable } from './components/ProgressPanel';
import { FitnessPanel } from './components/FitnessPanel';
import { fitnessRangeOf, loadActivitiesHeader, loadActivitiesTab, loadOverview } from './queries.server';

export const meta: MetaFunction = () => [{ title: 'Activities · Paceline' }];

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((day) => !Number.isNaN(Date.parse(day)));

// default() before catch(): an absent parameter, the usual case, builds no ZodError.
const pageQuery = z.object({
  period: z.enum(['week', 'month', 'year']).default('year').catch('year'),
  sort: z.enum(['desc', 'asc']).default('desc').catch('desc'),
  tab: z.enum(['profile', 'activities', 'in-game-shop']).default('profile').catch('profile'),
  from: isoDay.optional().catch(undefined),
  to: isoDay.optional().catch(undefined),
  fitnessFrom: isoDay.optional().catch(undefined),
  fitnessTo: isoDay.optional().catch(undefined),
});

/**
 * The header and the open tab's data only (decision 161): the other tab's data, which the page
 * does not show, was a third of what every page sent. A tab opened in the browser asks this
 * loader for its part (`useTabPart`).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUserRow(request, context);
  const { period, sort, tab, from, to, fitnessFrom, fitnessTo } = pageQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  const shownTab = tab === 'in-game-shop' && user.isKid ? 'profile' : tab;
  const range = from && to && from <= to ? { from, to } : null;
  const today = new Date();
  // A plain object goes straight into the single-fetch stream; json() would be encoded and parsed once more.
  const header = loadActivitiesHeader(user, today);
  const [{ rider, banner }, overview, activities] = await Promise.all([
    header,
    shownTab === 'profile' ? loadOverview(user.id, period, fitnessRangeOf(fitnessFrom, fitnessTo, today), today) : null,
    shownTab === 'activities'
      ? loadActivitiesTab(
          user.id,
          sort,
          range,
          header.then(({ banner: read }) => read.hasApproved),
          today,
        )
      : null,
  ]);
  return { tab: shownTab, today: today.toISOString().slice(0, 10), period, sort, rider, banner, overview, activities };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  if (form.get('intent') === 'seen') {
    await markImportSeen(user.id);
    return json({ ok: true });
  }
  return handleDetectionForm(user.id, form, '/user/activities#profile');
}

type TabId = 'profile' | 'activities' | 'in-game-shop';

/**
 * The tab follows the URL hash (spec 2 §2); a kid asking for the shop lands on #profile.
 * Without a hash the server's `?tab=` choice stands (it also works without JavaScript).
 */
function useHashTab(isKid: boolean, serverTab: TabId): [TabId, (tab: TabId) => void] {
  const [tab, setTab] = useState<TabId>(serverTab);
  useEffect(() => {
    const read = () => {
      const hash = window.location.hash.slice(1);
      if (hash === 'in-game-shop' && isKid) {
        window.history.replaceState(window.history.state, '', '#profile');
        setTab('profile');
        return;
      }
      if (hash === '') setTab(serverTab);
      else setTab(hash === 'activities' || hash === 'in-game-shop' ? hash : 'profile');
    };
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, [isKid, serverTab]);
  const select = useCallback((next: TabId) => {
    window.location.hash = next;
  }, []);
  return [tab, select];
}

type PageData = ReturnType<typeof useLoaderData<typeof loader>>;

/**
 * A tab's part of the page: the loader's when the URL named that tab, otherwise asked of the
 * loader once the tab is open (its hash), with the page's other parameters. Null while it loads.
 */
function useTabPart<Part extends 'overview' | 'activities'>(part: Part, tab: TabId, data: PageData): PageData[Part] | null {
  const fetcher = useFetcher<typeof loader>();
  const { search } = useLocation();
  const partTab: TabId = part === 'overview' ? 'profile' : 'activities';
  const own = data[part];
  const query = new URLSearchParams(search);
  query.set('tab', partTab);
  const href = `/user/activities?${query}`;
  const wanted = tab === partTab && !own;
  const [asked, setAsked] = useState<string | null>(null);
  const { load } = fetcher;
  useEffect(() => {
    if (!wanted || asked === href) return;
    setAsked(href);
    load(href);
  }, [wanted, asked, href, load]);
  return own ?? fetcher.data?.[part] ?? null;
}

export default function ActivitiesPage() {
  const data = useLoaderData<typeof loader>();
  const [tab, selectTab] = useHashTab(data.rider.isKid, data.tab);
  const overview = useTabPart('overview', tab, data);
  const activities = useTabPart('activities', tab, data);
  const tabs = [
    { id: 'profile' as const, label: 'Overview' },
    { id: 'activities' as const, label: 'ACTIVITIES' },
    ...(data.rider.isKid ? [] : [{ id: 'in-game-shop' as const, label: 'In Game Shop' }]),
  ];
  return (
    <div className="activities-page">
      <PlayerHeader rider={data.rider} />
      <Tabs label="Rider sections" tabs={tabs} selected={tab} onSelect={selectTab} hrefOf={(id) => `?tab=${id}#${id}`} />
      {tab === 'profile' ? (
        <div role="tabpanel" id="panel-profile" aria-labelledby="tab-profile" className="overview-tab">
          {overview ? (
            <>
              {overview.ftpNotice ? <FtpDetectionNotice notice={overview.ftpNotice} /> : null}
              <ImportBanner status={data.banner.state} />
              <ProgressTable grid={overview.progress.grid} imported={overview.imported} />
              <ProgressChart period={data.period} chart={overview.progress.chart} />
              <FitnessPanel fitness={overview.fitness} today={data.today} />
            </>
          ) : (
            <p className="muted" role="status">
              Loading the overview…
            </p>
          )}
        </div>
      ) : null}
      {tab === 'activities' ? (
        <div role="tabpanel" id="panel-activities" aria-labelledby="tab-activities">
          {activities ? (
            <ActivitiesTab
              firstPage={activities.firstPage}
              sort={data.sort}
              range={activities.range}
              otherPlatform={data.banner.hasApproved}
              approvedImports={activities.approvedImports}
              allTime={activities.allTime}
              average={activities.average}
              powerModels={activities.powerModels}
            />
          ) : (
            <p className="muted" role="status">
              Loading activities…
            </p>
          )}
        </div>
      ) : null}
      {tab === 'in-game-shop' && !data.rider.isKid ? (
        <div role="tabpanel" id="panel-in-game-shop" aria-labelledby="tab-in-game-shop">
          <ShopTab />
        </div>
      ) : null}
    </div>
  );
}

export const handle = cacheable;
