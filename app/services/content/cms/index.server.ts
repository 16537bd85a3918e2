import { getEnv } from '../../platform/env.server';
import { createFileCms } from './files.server';
import type { Cms } from '../../../lib/content/cms-types';
import { createWordPressCms } from './wordpress.server';

export type * from '../../../lib/content/cms-types';

let instance: { cms: Cms; key: string } | undefined;

/** The configured CMS (CMS_SOURCE): built once, so its caches live as long as the server. */
export function cms(): Cms {
  const env = getEnv();
  const key = `${env.CMS_SOURCE}|${env.CMS_DIR}|${env.WP_URL ?? ''}|${env.WP_API_KEY ?? ''}`;
  if (instance?.key !== key) {
    const created =
      env.CMS_SOURCE === 'wordpress'
        ? createWordPressCms({ baseUrl: env.WP_URL as string, apiKey: env.WP_API_KEY })
        : createFileCms(env.CMS_DIR);
    instance = { cms: created, key };
  }
  return instance.cms;
}
