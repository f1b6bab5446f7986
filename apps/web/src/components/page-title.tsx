import { site } from '../lib/site';

type PageTitleProps = { title?: string; description?: string };

/** Sets the document title (and description) of a page; React hoists these tags into <head>. */
export function PageTitle({ title, description }: PageTitleProps) {
  return (
    <>
      <title>{title ? `${title} | ${site.name}` : `${site.name}: ${site.tagline}`}</title>
      <meta name="description" content={description ?? site.description} />
    </>
  );
}
