/** The profile's Activity Files tab (spec 1 §2 "Files list in the profile"). */
export interface ActivityFileRow {
  id: string;
  type: string;
  date: string;
  distanceKm: number;
  elevationM: number;
}

export function ActivityFiles({ files }: { files: ActivityFileRow[] }) {
  if (files.length === 0) return <p className="profile-empty">No Files found for this user</p>;
  return (
    <table className="profile-files">
      <thead>
        <tr>
          <th>Type</th>
          <th>Date</th>
          <th>Distance</th>
          <th>Elevation</th>
          <th>
            <span className="visually-hidden">Download</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {files.map((file) => (
          <tr key={file.id}>
            <td>{file.type}</td>
            <td>{file.date}</td>
            <td>{file.distanceKm.toFixed(2)} Km</td>
            <td>{Math.round(file.elevationM)} Meters</td>
            <td>
              <a href={`/user/activities/files/${encodeURIComponent(file.id)}/download`}>Download</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
