/**
 * Weight history, written when a rider changes their weight on the profile.
 * Placeholder: the activities branch owns the weight history table and replaces this no-op
 * with the real insert (the lead wires it at merge).
 */
export async function recordWeight(_userId: string, _weightKg: number, _at: Date): Promise<void> {}
