// One schema file per area; this index is what Drizzle and the client read.
export * from './accounts';
export * from './site';
export * from './events';
export * from './activities';
export * from './connections';
export * from './ledger';
export * from './shop';
export * from './wallet';
