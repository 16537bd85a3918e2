/**
 * Every module that defines a job kind or a schedule (`defineJob`, `defineSchedule` in
 * jobs.server.ts), imported for its side effect so a server's workers know every kind before
 * they start. A module that adds a kind adds its import here, one line, sorted.
 */
import '../shop/payment-jobs.server';
