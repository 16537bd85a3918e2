/**
 * Every module that defines a job kind or a schedule (`defineJob`, `defineSchedule` in
 * jobs.server.ts), imported for its side effect so a server's workers know every kind before
 * they start. A module that adds a kind adds its import here, one line, sorted.
 */
import '../accounts/account-jobs.server';
import '../accounts/data-export.server';
import '../accounts/deletion-jobs.server';
import '../accounts/registration.server';
import '../activities/recompute.server';
import '../activities/stored-ride-jobs.server';
import '../activities/uploads.server';
import '../adapters/mail.server';
import '../connections/import.server';
import '../connections/revocation.server';
import '../shop/payment-jobs.server';
import './cleanup-jobs.server';
