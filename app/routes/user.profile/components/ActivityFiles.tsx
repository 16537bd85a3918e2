import { Table, type Column } from '~/components/ui/Table';

/** The profile's Activity Files tab (spec 1 §2 "Files list in the profile"). */
export interface ActivityFileRow {
  id: string;
  type: string;
  date: string;
  distanceKm: number;
  elevationM: number;
}

const COLUMNS: Column<ActivityFileRow>[] = [
  { header: 'Type', cell: (file) => file.type },
  { header: 'Date', cell: (file) => file.date },
  { header: 'Distance', cell: (file) => `${file.distanceKm.toFixed(2)} Km` },
  { header: 'Elevation', cell: (file) => `${Math.round(file.elevationM)} Meters` },
  {
    header: <span className="visually-hidden">Download</span>,
    cell: (file) => <a href={`/user/activities/files/${encodeURIComponent(file.id)}/download`}>Download</a>,
  },
];

export function ActivityFiles({ files }: { files: ActivityFileRow[] }) {
  if (files.length === 0) return <p className="profile-empty">No Files found for this user</p>;
  return <Table className="profile-files" columns={COLUMNS} rows={files} rowKey={(file) => file.id} />;
}
