import type { FooterColumn, ShellContent } from '~/services/content/shell.server';
import { SOCIAL_NETWORKS, type SocialNetwork } from '~/lib/content/cms-types';
import { AppStoreLinks } from './AppStoreLinks';
import { KeptMarkup } from './kept-markup';
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

/**
 * The site footer (spec 3 §2): address, support contact, two optional menu columns, social links,
 * subscribe, copyright. Everything but the subscribe form comes from the CMS alone, so the server
 * writes it from markup kept per footer (KeptMarkup, decision 159).
 */
export function Footer({ site, footer }: { site: ShellContent['site']; footer: ShellContent['footer'] }) {
  return (
    <footer className="site-footer">
      <div className="footer-grid">
        <KeptMarkup
          as="section"
          className="footer-about"
          aria-label={`About ${site.name}`}
          keptBy={footer}
          part={`about ${site.name}`}
          render={() => <FooterAbout site={site} footer={footer} />}
        />
        {footer.columns.map((column, index) => (
          <KeptMarkup
            key={column.title}
            as="nav"
            className="footer-column"
            aria-label={column.title}
            keptBy={footer}
            part={`column ${index}`}
            render={() => <FooterColumn column={column} />}
          />
        ))}
        <section className="footer-subscribe" aria-label="Newsletter">
          <h2>Stay in the loop</h2>
          <SubscribeForm />
        </section>
      </div>
      <KeptMarkup as="div" className="footer-bottom" keptBy={footer} part="bottom" render={() => <FooterBottom footer={footer} />} />
    </footer>
  );
}

function FooterAbout({ site, footer }: { site: ShellContent['site']; footer: ShellContent['footer'] }) {
  return (
    <>
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
    </>
  );
}

function FooterColumn({ column }: { column: FooterColumn }) {
  return (
    <>
      <h2>{column.title}</h2>
      <ul>
        {column.items.map((item) => (
          <li key={item.id}>
            <MenuLink item={item} />
          </li>
        ))}
      </ul>
    </>
  );
}

function FooterBottom({ footer }: { footer: ShellContent['footer'] }) {
  return (
    <>
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
    </>
  );
}
