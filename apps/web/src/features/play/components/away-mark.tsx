import { useEffect, useState } from 'react';
import { awaySinceTime, awayWords } from './away';
import classes from './presence.module.css';

/** The time now, again every `everyMs`, so a count of minutes on the page moves on. */
function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** A seat's player away from the table, in words ("Away 3 min"), for everyone at it. */
export function AwayMark({ since }: { since: string }) {
  const now = useNow(15_000);
  return (
    <span className={classes.away} title={`Away ${awaySinceTime(since)}`} data-away={since}>
      {awayWords(since, now)}
    </span>
  );
}
