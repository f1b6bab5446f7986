import { site } from '../lib/site';

type PageTitleProps = { title?: string; description?: string };

/**
 * The page's title, description and Open Graph tags (what a link preview shows). React hoists these tags into
 * <head>; the prerendering build copies them into each page's HTML.
 */
export function PageTitle({ title, description }: PageTitleProps) {
  const fullTitle = title ? `${title} | ${site.name}` : `${site.name}: ${site.tagline}`;
  const text = description ?? site.description;
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={text} />
      <meta property="og:title" content={title ?? site.name} />
      <meta property="og:description" content={text} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content={site.name} />
      <meta name="twitter:card" content="summary" />
    </>
  );
}
