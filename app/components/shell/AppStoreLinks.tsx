import type { FooterInfo } from '~/lib/content/cms-types';
import { useEmbeddedMode } from './embedded-mode';

/** Store badges. In the embedded display mode the Android link is hidden; iOS always shows (spec 3 §2). */
export function AppStoreLinks({ links }: { links: FooterInfo['app_links'] }) {
  const embedded = useEmbeddedMode();
  return (
    <div className="app-links">
      {links.ios ? (
        <a className="app-link app-link-ios" href={links.ios} target="_blank" rel="noopener noreferrer">
          <small>Download on the</small> App Store
        </a>
      ) : null}
      {links.android && !embedded ? (
        <a className="app-link app-link-android" href={links.android} target="_blank" rel="noopener noreferrer">
          <small>Get it on</small> Google Play
        </a>
      ) : null}
    </div>
  );
}
