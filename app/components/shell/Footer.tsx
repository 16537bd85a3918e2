import type { ShellContent } from '~/services/content/shell.server';
import { SOCIAL_NETWORKS, type SocialNetwork } from '~/lib/content/cms-types';
import { AppStoreLinks } from './AppStoreLinks';
import { MenuLink } from './MenuLink';
import { SubscribeForm } from './SubscribeForm';

const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  twitter: 'Twitter',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  youtube: 'YouTube',
  strava: 'Strava',
};

/** The site footer (spec 3 §2): address, support contact, two optional menu columns, social links, subscribe, copyright. */
export function Footer({ site, footer }: { site: ShellContent['site']; footer: ShellContent['footer'] }) {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <section className="footer-about" aria-label={`About ${site.name}`}>
          <p className="footer-brand">{site.name}</p>
          <address className="footer-address">{footer.address}</address>
          <p className="footer-support">
            Support: <a href={`mailto:${footer.support_email}`}>{footer.support_email}</a>
            {footer.support_phone ? (
              <>
                {' · '}
                <a href={`tel:${footer.support_phone.replace(/\s+/g, '')}`}>{footer.support_phone}</a>
              </>
            ) : null}
          </p>
          <AppStoreLinks links={footer.app_links} />
        </section>
        {footer.columns.map((column) => (
          <nav key={column.title} className="footer-column" aria-label={column.title}>
            <h2>{column.title}</h2>
            <ul>
              {column.items.map((item) => (
                <li key={item.id}>
                  <MenuLink item={item} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section className="footer-subscribe" aria-label="Newsletter">
          <h2>Stay in the loop</h2>
          <SubscribeForm />
        </section>
      </div>
      <div className="footer-bottom">
        <p className="footer-copyright">{footer.copyright}</p>
        <ul className="social-links" aria-label="Social media">
          {SOCIAL_NETWORKS.filter((network) => footer.social[network]).map((network) => (
            <li key={network}>
              <a href={footer.social[network]} target="_blank" rel="noopener noreferrer" className={`social-${network}`}>
                {SOCIAL_LABELS[network]}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </footer>
  );
}
