import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { cacheable } from '~/lib/response-cache';
import { Tabs } from '~/components/ui/Tabs';
import { requireUser, requireUserRow } from '~/services/accounts/auth.server';
import { listActivityFiles } from '~/services/activities/activity-files.server';
import { loadConnectionsTab } from '~/services/connections/connections-tab.server';
import { listFtpHistory } from '~/services/activities/ftp-history.server';
import { cachedRiderPage } from '~/db/rider-reads.server';
import { isCustomAvatar, profileOf } from '~/services/accounts/profile.server';
import { deletionPanelOf } from '~/services/accounts/deletion.server';
import { exportViewOf } from '~/services/accounts/data-export.server';
import { ActivityFiles } from './components/ActivityFiles';
import { AvatarPanel } from './components/AvatarPanel';
import { ConnectionsPanel } from './components/ConnectionsPanel';
import { ChangePasswordForm, DeleteAccountPanel, LogoutPanel } from './components/AccountPanels';
import { EditProfileForm } from './components/EditProfileForm';
import { DataExportPanel } from './components/DataExportPanel';
import { FtpHistoryList } from './components/FtpHistoryList';
import { changeAvatar, dropAvatar, requestDeletion, requestExport, savePassword, saveProfile } from './profile-actions.server';

export const meta: MetaFunction = () => [{ title: 'Profile · Paceline' }];

const TABS = [
  { id: 'edit', label: 'Edit Profile' },
  { id: 'connections', label: 'Connections' },
  { id: 'files', label: 'Activity Files' },
  { id: 'password', label: 'Change Password' },
  { id: 'data', label: 'My Data' },
  { id: 'delete', label: 'Delete Account' },
  { id: 'logout', label: 'Logout' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The guard's row is the profile: no second read of the account (decision 044).
  const user = await requireUserRow(request, context);
  const profile = profileOf(user);
  const url = new URL(request.url);
  const asked = url.searchParams.get('tab');
  const tab = (TABS.some((item) => item.id === asked) ? asked : 'edit') as TabId;
  // Each tab's rows are read when that tab is shown (every tab is its own URL): a rider's
  // every ride was read, sent and parsed on each visit to the profile form.
  return {
    profile: { ...profile, customAvatar: isCustomAvatar(profile.avatar) },
    files: tab === 'files' ? await listActivityFiles(user.id) : [],
    ftpHistory: tab === 'edit' ? await cachedRiderPage('ftp-history', user.id, () => listFtpHistory(user.id)) : [],
    connections: tab === 'connections' ? await loadConnectionsTab(user, url) : null,
    deletion: tab === 'delete' ? await deletionPanelOf(user) : null,
    dataExport: tab === 'data' ? await exportViewOf(user.id) : null,
    tab,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await request.formData();
  switch (formData.get('intent')) {
    case 'profile':
      return saveProfile(user, formData);
    case 'avatar':
      return changeAvatar(user, formData);
    case 'remove-avatar':
      return dropAvatar(user);
    case 'password':
      return savePassword(user, formData);
    case 'delete':
      return requestDeletion(user, request, formData);
    case 'export':
      return requestExport(user, request);
    default:
      throw new Response('Unknown action', { status: 400 });
  }
}

export default function ProfilePage() {
  const { profile, files, tab, connections, deletion, dataExport, ftpHistory } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  return (
    <section className="profile-page">
      <header className="profile-header">
        <AvatarPanel
          avatarUrl={profile.avatarUrl}
          customAvatar={profile.customAvatar}
          error={actionData && 'avatarError' in actionData ? actionData.avatarError : undefined}
        />
        <div>
          <h1>
            {profile.firstname} {profile.lastname}
          </h1>
          <p className="profile-email">{profile.email}</p>
        </div>
      </header>
      <Tabs
        tabs={[...TABS]}
        selected={tab}
        label="Profile sections"
        onSelect={(id) => navigate(`?tab=${id}`, { preventScrollReset: true })}
        hrefOf={(id) => `?tab=${id}`}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`} className="profile-panel">
        {tab === 'edit' ? (
          <EditProfileForm
            profile={profile}
            lastResult={actionData && 'result' in actionData && actionData.intent === 'profile' ? actionData.result : undefined}
          />
        ) : null}
        {tab === 'edit' ? <FtpHistoryList rows={ftpHistory} /> : null}
        {tab === 'connections' && connections ? <ConnectionsPanel data={connections} /> : null}
        {tab === 'files' ? <ActivityFiles files={files} /> : null}
        {tab === 'password' ? (
          <ChangePasswordForm lastResult={actionData && 'result' in actionData && actionData.intent === 'password' ? actionData.result : undefined} />
        ) : null}
        {tab === 'data' ? <DataExportPanel key={`${dataExport?.id}:${dataExport?.status}`} view={dataExport} isKid={profile.isKid} /> : null}
        {tab === 'delete' && deletion ? (
          <DeleteAccountPanel isKid={profile.isKid} panel={deletion} error={actionData && 'deleteError' in actionData ? actionData.deleteError : undefined} />
        ) : null}
        {tab === 'logout' ? <LogoutPanel /> : null}
      </div>
    </section>
  );
}

export const handle = cacheable;
