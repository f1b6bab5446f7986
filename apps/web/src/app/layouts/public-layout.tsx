import { Outlet } from 'react-router';
import { CookieBanner } from '../../components/cookie-banner';
import { paths } from '../../config/paths';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import classes from './public-layout.module.css';

/** Marketing pages: top navigation, page, footer and the cookie banner. */
export function PublicLayout() {
  return (
    <div className={classes.page}>
      <a href="#main" className={classes.skipLink}>
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" className={classes.main}>
        <Outlet />
      </main>
      {/* Before the footer: sticky, it floats while scrolling and comes to rest above the footer. */}
      <CookieBanner privacyHref={paths.privacy.getHref()} />
      <PublicFooter />
    </div>
  );
}
