import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INSTANCE_VARIABLES, scaleInstanceEnv } from '../deploy/instance-env.mjs';

/**
 * The compose file cannot be run here (no container engine on this machine): this keeps it
 * consistent with what `npm run test:scale` runs, the one list in instance-env.mjs.
 */
function instanceEnvironmentOfCompose(): string[] {
  const lines = readFileSync('deploy/compose.yaml', 'utf8').split('\n');
  const start = lines.findIndex((line) => line.includes('environment: &instance-env'));
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^ {4}([A-Z0-9_]+):/.exec(line);
    if (!match) break;
    names.push(match[1]);
  }
  return names;
}

describe('deploy/compose.yaml and npm run test:scale', () => {
  it('give every instance the same variables', () => {
    expect(instanceEnvironmentOfCompose().sort()).toEqual([...INSTANCE_VARIABLES].sort());
    const s3 = {
      S3_BUCKET: 'b',
      S3_ENDPOINT: 'http://127.0.0.1:1',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    };
    expect(Object.keys(scaleInstanceEnv({ port: 1, siteUrl: 'http://127.0.0.1:1', databaseUrl: 'postgres://x', s3 })).sort()).toEqual(
      [...INSTANCE_VARIABLES].sort(),
    );
  });

  it('name only variables the configuration knows', () => {
    const schema = readFileSync('app/services/platform/env.server.ts', 'utf8');
    for (const name of INSTANCE_VARIABLES) expect(schema, name).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('run the same server: the image starts server.mjs, as the test does, and the migrate service the build', () => {
    expect(readFileSync('Dockerfile', 'utf8')).toMatch(/CMD \["node", "server.mjs"\]/);
    expect(readFileSync('scripts/test-scale.ts', 'utf8')).toMatch(/spawn\(process.execPath, \['server.mjs'\]/);
    expect(readFileSync('deploy/compose.yaml', 'utf8')).toMatch(/command: \[["']node["'], ["']scripts\/migrate.mjs["']\]/);
  });
});
