import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { usePageViews } from '../../lib/analytics';
import classes from './root-layout.module.css';

/**
 * Wraps every route: scrolls to the top on navigation, shows a thin bar while a page loads, and counts page
 * views when the visitor has accepted analytics.
 */
export function RootLayout() {
  const navigation = useNavigation();
  usePageViews();
  return (
    <>
      {navigation.state === 'loading' ? <div className={classes.progress} role="progressbar" aria-label="Loading page" /> : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
