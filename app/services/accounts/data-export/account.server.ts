import { and, asc, eq, ne, or } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { accountDeletionRequests, consentRecords, contactMessages, dataExports, outbox, sessions, subscribers, users, verifications } from '~/db/schema';
import { contactMessagesOf } from '../../content/site.server';
import { attemptsCountedFor } from '../../platform/rate-limit.server';
import { isCustomAvatar } from '../profile.server';
import { CONSENT_SOURCES, CONSENT_SUBJECTS, DATA_EXPORT_STATUSES, VERIFICATION_PURPOSES } from '~/lib/domain/accounts';
import { oneOf, type ExportCategory } from './category.server';

/** The account: profile, consents, sign-ins, codes, requests, copies, newsletter, support, messages. */
export const ACCOUNT_CATEGORIES: ExportCategory[] = [
  {
    file: 'profile.json',
    about: 'your account as we keep it',
    single: true,
    source: {
      owner: users.id,
      withheld: {
        passwordHash: 'a one-way hash of your password: it cannot be turned back into the password',
        avatarPath: 'where your picture is stored inside Paceline; the picture itself is account/avatar.jpg',
      },
    },
    fields: {
      id: 'your account id',
      email: 'your e-mail address (you sign in with it)',
      firstname: 'first name',
      lastname: 'last name',
      gender: '0 male, 1 female',
      country: 'country id (246: United Arab Emirates)',
      dob: 'date of birth (never kept for a child account)',
      weightKg: 'weight in kg on the profile',
      heightCm: 'height in cm on the profile',
      ftpW: 'the FTP (watts) you set on the profile; empty: derived from your rides',
      isKid: "true for a child account (under 18, with a parent's consent)",
      isNormalUser: 'false for a professional rider account',
      role: 'rider or staff',
      status: 'pending until the e-mail is verified (a child: until the parent consents), then active',
      marketingConsent: 'whether you want news and updates by e-mail (its history: account/consents.csv)',
      parentEmail: "a child account's parent or guardian",
      passwordResetRequired: 'true when the next sign-in must choose a new password',
      createdAt: 'when the account was created',
      hasCustomAvatar: 'whether you uploaded a picture (account/avatar.jpg)',
    },
    async read({ userId }) {
      const rows = await db().select().from(users).where(eq(users.id, userId));
      return rows.map((row) => ({ ...row, hasCustomAvatar: isCustomAvatar(row.avatarPath) }));
    },
  },
  {
    file: 'account/consents.csv',
    about: 'every consent you gave or withdrew, with the version agreed to',
    source: { owner: consentRecords.userId },
    orderBy: consentRecords.id,
    fields: {
      id: 'the record number',
      subject: `${oneOf(CONSENT_SUBJECTS)} (terms: the terms and conditions; parental-consent: a parent approving a child account)`,
      version: 'the document\'s version (its "Last updated" date) or the words of the box you ticked',
      granted: 'true when given, false when withdrawn',
      source: `where: ${oneOf(CONSENT_SOURCES)} (the approval link e-mailed to a parent)`,
      recordedAt: 'when',
    },
  },
  {
    file: 'account/sessions.csv',
    about: 'the browsers signed in to your account now (each began with a sign-in)',
    source: { owner: sessions.userId, withheld: { id: "the session's secret identifier, which signs the browser in" } },
    orderBy: sessions.createdAt,
    fields: {
      createdAt: 'when you signed in',
      expiresAt: 'when the session ends unless you sign out first',
      persistent: 'true when "Stay signed in" was ticked',
    },
  },
  {
    file: 'account/sign-in-attempts.csv',
    about:
      'attempts we are counting against our limits that name your account: failed sign-ins, codes sent and checked (kept at most an hour). ' +
      'The client address a failed sign-in is also counted for is not included: it may be someone else trying your account',
    fields: {
      action: 'login (failed sign-ins), code-send, code-check, register, forgot-password or contact',
      countedFor: 'account, or account and address (failed sign-ins from one address)',
      windowStart: 'when the counting window began',
      attempts: 'attempts counted in the window',
      blockedUntil: 'no further attempt before this time (empty: not blocked)',
    },
    read: async ({ userId, email }) => (await attemptsCountedFor([userId, email])).map((attempts) => ({ ...attempts })),
  },
  {
    file: 'account/codes.csv',
    about: 'one-time codes and links we sent you that are not used yet (the codes themselves are kept only as hashes)',
    source: {
      owner: verifications.userId,
      withheld: {
        id: 'the secret key of the pending code',
        codeHash: 'a one-way hash of the code',
        linkHash: 'a one-way hash of the link',
      },
    },
    orderBy: verifications.createdAt,
    fields: {
      purpose: oneOf(VERIFICATION_PURPOSES),
      sentTo: 'the address it went to (a parent for a child account)',
      failedAttempts: 'wrong codes typed so far (5 spend it)',
      expiresAt: 'when it stops working',
      createdAt: 'when it was sent',
    },
  },
  {
    file: 'account/deletion-request.csv',
    about: 'your request to delete the account, waiting for the e-mailed link',
    source: { owner: accountDeletionRequests.userId },
    fields: {
      acknowledgedBalances: 'the balances you confirmed giving up (minor units per currency: satoshi for BTC)',
      requestedAt: 'when you asked',
    },
  },
  {
    file: 'account/data-copies.csv',
    about: 'copies of your data you asked for before this one',
    source: {
      owner: dataExports.userId,
      withheld: {
        storageKey: 'where the copy is stored inside Paceline',
        downloadTokenHash: "a one-way hash of a parent's download link",
      },
    },
    fields: {
      id: 'the copy',
      status: oneOf(DATA_EXPORT_STATUSES),
      progress: 'percent built',
      sizeBytes: 'size of the zip',
      requestedAt: 'when it was asked for',
      readyAt: 'when it was ready',
      expiresAt: 'when it is removed',
    },
    read: ({ userId, exportId }) =>
      db()
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.userId, userId), ne(dataExports.id, exportId)))
        .orderBy(asc(dataExports.requestedAt)),
  },
  {
    file: 'account/newsletter.csv',
    about: 'your subscription to Paceline news (by e-mail address)',
    source: { owner: subscribers.email, by: 'email' },
    fields: { email: 'the subscribed address', createdAt: 'when it subscribed' },
  },
  {
    file: 'account/support-messages.csv',
    about: 'what you sent through the contact form (signed in, or from your address)',
    source: { owner: contactMessages.userId },
    fields: {
      id: 'the message number',
      name: 'the name you gave',
      phone: 'the phone number you gave',
      email: 'the address you gave (our reply goes there)',
      message: 'your message',
      createdAt: 'when you sent it',
    },
    read: ({ userId, email }) =>
      db()
        .select()
        .from(contactMessages)
        .where(contactMessagesOf({ id: userId, email }))
        .orderBy(asc(contactMessages.id)),
  },
  {
    file: 'account/messages.csv',
    about: `e-mails and text messages we sent for your account or to your address (kept 30 days), and your contact-form messages as mailed to support`,
    source: {
      owner: outbox.accountId,
      withheld: {
        html: 'the same e-mail formatted as a web page',
        meta: "internal references: the message's kind, and its link or code (both are in the text)",
      },
    },
    fields: {
      id: 'the message number',
      channel: 'email, sms or whatsapp',
      recipient: 'the address or phone number it went to',
      subject: 'subject (e-mails)',
      body: 'the text',
      transport: 'outbox (kept here only), smtp or provider (also delivered)',
      createdAt: 'when it was written',
      deliveredAt: 'when the mail server accepted it (empty: not delivered by e-mail)',
    },
    async read({ userId, email }) {
      const rows = await db()
        .select()
        .from(outbox)
        .where(or(eq(outbox.accountId, userId), eq(outbox.recipient, email.toLowerCase())))
        .orderBy(asc(outbox.id));
      return rows.map((row) => ({ ...row, deliveredAt: row.meta?.deliveredAt ?? null }));
    },
  },
];
