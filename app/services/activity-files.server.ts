/**
 * The rider's activity files for the profile's "Activity Files" tab.
 * Placeholder: the activities branch replaces this module with its files service (the lead
 * wires it at merge); until then a rider has no files and the tab shows its empty state.
 */
export interface ActivityFileSummary {
  id: string;
  type: string;
  date: string;
  distanceKm: number;
  elevationM: number;
}

export async function listActivityFiles(_userId: string): Promise<ActivityFileSummary[]> {
  return [];
}
