import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import classes from './root-layout.module.css';

/** Wraps every route: scrolls to the top on navigation and shows a thin bar while a page loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <div className={classes.progress} role="progressbar" aria-label="Loading page" /> : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
