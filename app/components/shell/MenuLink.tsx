import { isExternalUrl, type MenuNode } from '~/lib/content/menu-tree';
import { SiteLink } from '~/components/ui/SiteLink';

/** A CMS menu item: a client-side link for Paceline paths, a plain link for other sites. */
export function MenuLink({ item, className }: { item: MenuNode; className?: string }) {
  if (isExternalUrl(item.url)) {
    return (
      <a href={item.url} target={item.target} rel={item.target === '_blank' ? 'noopener noreferrer' : undefined} title={item.hint} className={className}>
        {item.title}
      </a>
    );
  }
  return (
    <SiteLink to={item.url} target={item.target} title={item.hint} className={className} prefetch="intent">
      {item.title}
    </SiteLink>
  );
}

/** A dropdown's entries: links, and separators that split them into groups. */
export function MenuList({ items }: { items: MenuNode[] }) {
  return (
    <ul className="menu-dropdown">
      {items.map((child) =>
        child.separator ? (
          <li key={child.id} className="menu-separator">
            <hr />
          </li>
        ) : (
          <li key={child.id}>
            <MenuLink item={child} />
          </li>
        ),
      )}
    </ul>
  );
}
