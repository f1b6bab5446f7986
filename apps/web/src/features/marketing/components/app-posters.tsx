// Drawn illustrations for the app pages' heroes: sharp at any size, no image request, nothing to decode. What they
// show comes from poster-data.ts, whose test checks it with the bridge engine.
import { seatNameOfLetter } from '@bridge/api';
import {
  callText,
  cardsLeft,
  clubNight,
  isRedSuit,
  organiserScreen,
  pairNames,
  playerTable,
  rankText,
  seatOrder,
  suitSymbols,
  trickOnTable,
  type CardCode,
  type SeatLetter,
  type SuitLetter,
} from './poster-data';

const red = '#c92a2a';
const ink = '#1b1f1d';

function Card({
  x,
  y,
  card,
  place,
  rotate = 0,
  small = false,
  highlight = false,
}: {
  x: number;
  y: number;
  card: CardCode;
  /** Where the card lies, for the test: `trick-N`, `hand-S`. */
  place: string;
  rotate?: number;
  small?: boolean;
  highlight?: boolean;
}) {
  const suit = card[0] as SuitLetter;
  const colour = isRedSuit(suit) ? red : ink;
  const [width, height, font] = small ? [26, 38, 11] : [40, 58, 14];
  return (
    <g data-card={card} data-place={place} transform={`translate(${x} ${y}) rotate(${rotate})`}>
      <rect width={width} height={height} rx={small ? 4 : 5} fill="#fff" stroke={highlight ? '#f2c94c' : '#cfd8d3'} strokeWidth={highlight ? 3 : 1} />
      <text x={small ? 4 : 6} y={small ? 14 : 18} fontSize={font} fontWeight="700" fill={colour}>
        {rankText(card.slice(1))}
      </text>
      <text x={small ? 4 : 6} y={small ? 28 : 34} fontSize={font} fill={colour}>
        {suitSymbols[suit]}
      </text>
    </g>
  );
}

function Seat({ x, y, label, name }: { x: number; y: number; label: string; name: string }) {
  const width = 24 + (label.length + name.length) * 6.4;
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect x={-width / 2} y="-11" width={width} height="22" rx="11" fill="rgba(255,255,255,0.16)" />
      <text x="0" y="4" fontSize="11" fill="#fff" textAnchor="middle" fontWeight="600">
        {label} · {name}
      </text>
    </g>
  );
}

/** Where each seat's card of the trick lies on the table. */
const trickSpots: Record<SeatLetter, [number, number]> = { N: [158, 104], E: [206, 146], S: [158, 188], W: [110, 146] };
// The auction grid's columns, West first, as score sheets print it.
const auctionColumns: SeatLetter[] = ['W', 'N', 'E', 'S'];

/**
 * A Player app table seen by South, declarer in 4♠: dummy (North) face up, the fifth trick on the table with its
 * winning card marked, South's remaining cards, the auction and the tricks taken, and a video tile of partner.
 */
export function PlayerPoster() {
  const { players, contract, auction, dealer, board, tricksWon, winnerOfTrickOnTable } = playerTable;
  const dummy = seatOrder[(seatOrder.indexOf(contract.declarer) + 2) % 4]!;
  const south = cardsLeft('S');
  const dummyCards = cardsLeft(dummy);
  const trick = trickOnTable();
  // The auction laid out in rows of four from West: the dealer's first call sits in the dealer's column.
  const cells: string[] = [...Array<string>(auctionColumns.indexOf(dealer)).fill(''), ...auction];
  const contractText = `${contract.level}${contract.strain === 'NT' ? 'NT' : suitSymbols[contract.strain]}`;
  return (
    <svg
      viewBox="0 0 480 360"
      width="100%"
      role="img"
      aria-label={`The Player app at a bridge table: South declares ${contractText} with dummy face up, the fifth trick on the table, South's cards, the auction and a video tile of partner`}
      style={{ display: 'block', fontFamily: 'inherit' }}
    >
      <rect x="4" y="4" width="472" height="352" rx="22" fill="#0a1f15" stroke="rgba(255,255,255,0.25)" strokeWidth="2" />
      <rect x="20" y="20" width="440" height="320" rx="14" fill="#0f5a36" />
      <ellipse cx="178" cy="186" rx="148" ry="118" fill="#13703f" />
      <Seat x={178} y={35} label="N" name={`${players.N} · dummy`} />
      {dummyCards.map((card, index) => (
        <Card key={card} place={`hand-${dummy}`} small x={178 - (dummyCards.length * 20 + 6) / 2 + index * 20} y={58} card={card} />
      ))}
      <Seat x={60} y={176} label="W" name={players.W} />
      <Seat x={298} y={176} label="E" name={players.E} />
      {seatOrder.map((seat) => (
        <Card
          key={seat}
          place={`trick-${seat}`}
          x={trickSpots[seat][0]}
          y={trickSpots[seat][1]}
          card={trick[seat]}
          highlight={seat === winnerOfTrickOnTable}
        />
      ))}
      {south.map((card, index) => (
        <Card
          key={card}
          place="hand-S"
          x={178 - (south.length * 30 + 10) / 2 + index * 30}
          y={266}
          card={card}
          rotate={(index - (south.length - 1) / 2) * 2}
        />
      ))}
      <g transform="translate(350 30)">
        <rect width="98" height="62" rx="8" fill="#1d2b24" stroke="rgba(255,255,255,0.3)" />
        <circle cx="49" cy="25" r="11" fill="#7fb99a" />
        <path d="M29 56c4-10 12-14 20-14s16 4 20 14" fill="#7fb99a" />
        <text x="6" y="12" fontSize="9" fill="#cfe9db">
          {players.N}
        </text>
      </g>
      <g transform="translate(350 104)">
        <rect width="98" height="222" rx="10" fill="rgba(255,255,255,0.94)" />
        <text x="49" y="18" fontSize="11" fontWeight="700" fill={ink} textAnchor="middle">
          Board {board}
        </text>
        <text x="49" y="31" fontSize="8.5" fill="#4a5a52" textAnchor="middle">
          Dealer {dealer} · {playerTable.vulnerability === 'None' ? 'None vul' : `${playerTable.vulnerability} vul`}
        </text>
        {auctionColumns.map((seat, column) => (
          <text key={seat} x={14 + column * 23.3} y="48" fontSize="9" fontWeight="700" fill="#4a5a52" textAnchor="middle">
            {seat}
          </text>
        ))}
        {cells.map((call, index) =>
          call ? (
            <text
              key={index}
              x={14 + (index % 4) * 23.3}
              y={64 + Math.floor(index / 4) * 15}
              fontSize={call === 'Pass' ? 8 : 10}
              fontWeight="700"
              fill={/[HD]$/.test(call) ? red : call === 'Pass' ? '#2b6a48' : ink}
              textAnchor="middle"
            >
              {callText(call)}
            </text>
          ) : null,
        )}
        <line x1="8" x2="90" y1="126" y2="126" stroke="#dfe8e3" />
        <text x="49" y="146" fontSize="14" fontWeight="700" fill={ink} textAnchor="middle">
          {contractText} {contract.declarer}
        </text>
        <text x="49" y="172" fontSize="9" fill="#4a5a52" textAnchor="middle">
          Tricks
        </text>
        <text x="49" y="190" fontSize="12" fontWeight="700" fill={ink} textAnchor="middle">
          NS {tricksWon.NS} · EW {tricksWon.EW}
        </text>
        <text x="49" y="208" fontSize="8.5" fill="#4a5a52" textAnchor="middle">
          {seatNameOfLetter[winnerOfTrickOnTable]} wins the trick
        </text>
      </g>
    </svg>
  );
}

/**
 * An Organizer app screen during the club night: the movement and its round, each table's state, and the live
 * ranking of each field, North-South and East-West apart as a Mitchell ranks them.
 */
export function OrganiserPoster() {
  const { round, tablesPlaying, rankings } = organiserScreen;
  const { tables, rounds } = clubNight;
  const progress = (round - 1 + (tables - tablesPlaying.length) / tables) / rounds;
  const fields = [
    { key: 'NS', title: 'North-South' },
    { key: 'EW', title: 'East-West' },
  ] as const;
  return (
    <svg
      viewBox="0 0 480 360"
      width="100%"
      role="img"
      aria-label={`The Organizer app during a Mitchell pairs event of ${tables} tables: round ${round} of ${rounds} and the live matchpoint ranking of each field`}
      style={{ display: 'block', fontFamily: 'inherit' }}
    >
      <rect x="4" y="4" width="472" height="352" rx="18" fill="#0a1f15" stroke="rgba(255,255,255,0.25)" strokeWidth="2" />
      <rect x="18" y="18" width="444" height="324" rx="10" fill="#f7faf8" />
      <rect x="18" y="18" width="444" height="44" rx="10" fill="#0f5a36" />
      <rect x="18" y="50" width="444" height="12" fill="#0f5a36" />
      <text x="36" y="46" fontSize="15" fontWeight="700" fill="#fff">
        {clubNight.name}
      </text>
      <text x="444" y="46" fontSize="12" fill="#cfe9db" textAnchor="end">
        Mitchell · {tables} tables · Match Points
      </text>
      <g transform="translate(36 84)">
        <text fontSize="12" fontWeight="700" fill={ink} y="0">
          Round {round} of {rounds}
        </text>
        <rect y="10" width="180" height="10" rx="5" fill="#dfe8e3" />
        <rect y="10" width={Math.round(180 * progress)} height="10" rx="5" fill="#1d8a52" />
        {Array.from({ length: tables }, (_, index) => {
          const playing = tablesPlaying.includes(index + 1);
          return (
            <g key={index} transform={`translate(${(index % 4) * 46} ${36 + Math.floor(index / 4) * 50})`}>
              <rect width="38" height="38" rx="8" fill={playing ? '#fff4d6' : '#e3f3ea'} stroke="#cfd8d3" />
              <text x="19" y="17" fontSize="11" fontWeight="700" fill={ink} textAnchor="middle">
                T{index + 1}
              </text>
              <text x="19" y="31" fontSize="9" fill="#4a5a52" textAnchor="middle">
                {playing ? 'playing' : 'done'}
              </text>
            </g>
          );
        })}
        <text y="152" fontSize="11" fill="#4a5a52">
          EW move up · boards move down
        </text>
        <text y="168" fontSize="11" fill="#4a5a52">
          {clubNight.boardsPerRound} boards a round
        </text>
        <g transform="translate(0 184)">
          <rect width="84" height="26" rx="13" fill="#0f5a36" />
          <text x="42" y="17" fontSize="11" fontWeight="700" fill="#fff" textAnchor="middle">
            MP
          </text>
          <rect x="90" width="84" height="26" rx="13" fill="#fff" stroke="#cfd8d3" />
          <text x="132" y="17" fontSize="11" fontWeight="700" fill={ink} textAnchor="middle">
            IMPs
          </text>
        </g>
      </g>
      <g transform="translate(236 74)">
        <rect width="210" height="256" rx="10" fill="#fff" stroke="#dfe8e3" />
        <text x="14" y="22" fontSize="12" fontWeight="700" fill={ink}>
          Live ranking
        </text>
        {fields.map((field, fieldIndex) => (
          <g key={field.key} transform={`translate(0 ${36 + fieldIndex * 112})`}>
            <text x="14" y="10" fontSize="10" fontWeight="700" fill="#2b6a48" letterSpacing="0.04em">
              {field.title.toUpperCase()}
            </text>
            {rankings[field.key].map((row, index) => (
              <g key={row.pair} transform={`translate(0 ${20 + index * 30})`}>
                <line x1="14" x2="196" y1="-4" y2="-4" stroke="#eef2f0" />
                <text x="14" y="14" fontSize="12" fontWeight="700" fill="#0f5a36">
                  {row.place}
                </text>
                <text x="40" y="10" fontSize="11" fontWeight="600" fill={ink}>
                  {pairNames[field.key][row.pair]}
                </text>
                <text x="40" y="22" fontSize="9.5" fill="#4a5a52">
                  Pair {row.pair} {field.key}
                </text>
                <text x="196" y="16" fontSize="12" fontWeight="700" fill={ink} textAnchor="end">
                  {row.percentage}%
                </text>
              </g>
            ))}
          </g>
        ))}
      </g>
    </svg>
  );
}
