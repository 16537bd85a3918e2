// Migrates the configured database and exits, from the production build (no dev tools needed):
// the one-off step before new instances start (docs/deploy.md). Instances migrate under an
// advisory lock as well, so running this is an ordering choice, not a safety requirement.
process.env.NODE_ENV = 'production';
const build = await import('../build/server/index.js');
await build.entry.module.migrateDatabase();
console.log('Database migrated.');
process.exit(0);
