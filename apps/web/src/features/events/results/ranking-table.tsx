import type { PairStanding } from '@bridge/api';
import { TableScroll } from '../../../components/table-scroll';
import { formatMatchpointTotal, formatStandingScore, pairLabel } from './format';
import classes from './results-page.module.css';

/** The mark of the viewer's own pair: a word, not only the row's colour (a plain inline box, so a no-wrap cell grows to hold it). */
export function YouBadge() {
  return <span className={classes.youBadge}>You</span>;
}

/** The pairs in their places, each a button that opens its scorecard; the viewer's own rows marked. */
export function RankingTable({
  caption,
  hideCaption = false,
  standings,
  imps,
  selected,
  onSelect,
  mine,
}: {
  caption: string;
  hideCaption?: boolean;
  standings: PairStanding[];
  imps: boolean;
  selected: string | null;
  onSelect: (key: string) => void;
  mine: ReadonlySet<string>;
}) {
  // A pair that played fewer boards is ranked by its IMPs factored to the full schedule: show both figures.
  const factored = imps && standings.some((s) => s.factoredTotal !== null && Math.abs(s.factoredTotal - s.total) > 0.005);
  return (
    <TableScroll label={`${caption} ranking`}>
      <table className={classes.table}>
        <caption className={hideCaption ? classes.srOnly : undefined}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Pair</th>
            <th scope="col">Names</th>
            <th scope="col" className={classes.num}>
              {factored ? 'Factored score' : 'Score'}
            </th>
            {factored ? (
              <th scope="col" className={classes.num}>
                IMPs
              </th>
            ) : null}
            <th scope="col" className={classes.num}>
              Boards
            </th>
          </tr>
        </thead>
        <tbody>
          {standings.map((standing) => (
            <tr
              key={standing.key}
              className={
                [selected === standing.key ? classes.selectedRow : '', mine.has(standing.key) ? classes.myRow : ''].join(' ').trim() || undefined
              }
            >
              <td>{standing.label}</td>
              <th scope="row">
                <button type="button" className={classes.pairButton} aria-pressed={selected === standing.key} onClick={() => onSelect(standing.key)}>
                  <span className={classes.srOnly}>Scorecard of pair </span>
                  {pairLabel(standing.direction, standing.pair)}
                </button>
                {mine.has(standing.key) ? <YouBadge /> : null}
              </th>
              <td className={classes.names}>{standing.names.join(' & ') || '–'}</td>
              <td className={classes.num}>
                {formatStandingScore(standing, imps)}
                {imps ? null : (
                  // The matchpoints and the top they are out of, with the percentage, as club results show them; one
                  // cell, so the phone's ranking keeps its width.
                  <span className={classes.matchpointTotal}>
                    {formatMatchpointTotal(standing)}
                    <span className={classes.srOnly}> matchpoints</span>
                  </span>
                )}
              </td>
              {factored ? <td className={classes.num}>{formatStandingScore({ ...standing, factoredTotal: null }, imps)}</td> : null}
              <td className={classes.num}>{standing.boards}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
