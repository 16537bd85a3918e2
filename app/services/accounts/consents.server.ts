import type { Database, Transaction } from '~/db/client.server';
import { consentRecords } from '~/db/schema';
import { ACCOUNT_FIELDS } from '~/lib/account-fields';
import type { ConsentSource, ConsentSubject } from '~/lib/domain/accounts';

/**
 * Consent records (issue 35 item 7, decision 176): every acceptance of the terms and the privacy
 * notice, every marketing choice given or withdrawn and a parent's consent for a child, with the
 * version agreed to and the time. Rows are only added; a rider's copy of their data holds them all.
 */

/**
 * The version of each document in force: its "Last updated" date. Publishing a changed document
 * (content/pages/terms-and-conditions.md, privacy-policy.md, or the CMS's pages) means a new date
 * here; `consents.db.test.ts` reads the embedded pages' dates and fails when they differ.
 */
export const LEGAL_DOCUMENT_VERSIONS = { terms: '2026-11-01', 'privacy-notice': '2026-11-25' } as const;

/** What the rider ticked for marketing e-mails: the checkbox's own words are the version agreed to. */
const MARKETING_WORDING = ACCOUNT_FIELDS.find((field) => field.name === 'IsAllowedToSendMarketingEmails')!.label;

function consentVersion(subject: ConsentSubject): string {
  switch (subject) {
    case 'marketing-emails':
      return MARKETING_WORDING;
    // The parent accepts the terms on the child's behalf (terms §2).
    case 'parental-consent':
      return LEGAL_DOCUMENT_VERSIONS.terms;
    default:
      return LEGAL_DOCUMENT_VERSIONS[subject];
  }
}

export interface ConsentChange {
  subject: ConsentSubject;
  granted: boolean;
}

/** Records consents given or withdrawn by one rider, at `at` (the time of the form's post). */
export async function recordConsents(
  executor: Database | Transaction,
  userId: string,
  changes: ConsentChange[],
  { source, at = new Date() }: { source: ConsentSource; at?: Date },
): Promise<void> {
  if (changes.length === 0) return;
  await executor
    .insert(consentRecords)
    .values(changes.map(({ subject, granted }) => ({ userId, subject, granted, source, version: consentVersion(subject), recordedAt: at })));
}

/** What a sign-up agreed to: the terms and the privacy notice (the form requires both), and marketing e-mails when ticked. */
export function signUpConsents(marketingConsent: boolean): ConsentChange[] {
  return [
    { subject: 'terms', granted: true },
    { subject: 'privacy-notice', granted: true },
    ...(marketingConsent ? [{ subject: 'marketing-emails' as const, granted: true }] : []),
  ];
}
