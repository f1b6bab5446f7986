// Drawn illustrations for the app pages' heroes: sharp at any size, no image request, nothing to decode.

const red = '#c92a2a';
const ink = '#1b1f1d';

function Card({ x, y, rank, suit, rotate = 0 }: { x: number; y: number; rank: string; suit: string; rotate?: number }) {
  const colour = suit === '♥' || suit === '♦' ? red : ink;
  return (
    <g transform={`translate(${x} ${y}) rotate(${rotate})`}>
      <rect width="40" height="58" rx="5" fill="#fff" stroke="#cfd8d3" />
      <text x="6" y="18" fontSize="14" fontWeight="700" fill={colour}>
        {rank}
      </text>
      <text x="6" y="34" fontSize="14" fill={colour}>
        {suit}
      </text>
    </g>
  );
}

function Seat({ x, y, label, name }: { x: number; y: number; label: string; name: string }) {
  return (
    <g transform={`translate(${x} ${y})`}>
      <rect x="-44" y="-12" width="88" height="24" rx="12" fill="rgba(255,255,255,0.16)" />
      <text x="0" y="5" fontSize="12" fill="#fff" textAnchor="middle" fontWeight="600">
        {label} · {name}
      </text>
    </g>
  );
}

/** A Player app table: the trick in the middle, South's hand, the bidding box and a video tile. */
export function PlayerPoster() {
  const hand = [
    ['A', '♠'],
    ['K', '♠'],
    ['10', '♠'],
    ['Q', '♥'],
    ['J', '♥'],
    ['A', '♦'],
    ['7', '♦'],
    ['K', '♣'],
  ] as const;
  return (
    <svg
      viewBox="0 0 480 360"
      width="100%"
      role="img"
      aria-label="The Player app at a bridge table: a trick being played, South's cards, the bidding box and a video tile of partner"
      style={{ display: 'block', fontFamily: 'inherit' }}
    >
      <rect x="4" y="4" width="472" height="352" rx="22" fill="#0a1f15" stroke="rgba(255,255,255,0.25)" strokeWidth="2" />
      <rect x="20" y="20" width="440" height="320" rx="14" fill="#0f5a36" />
      <ellipse cx="200" cy="170" rx="150" ry="112" fill="#13703f" />
      <Seat x={200} y={50} label="N" name="Ben" />
      <Seat x={74} y={170} label="W" name="Cleo" />
      <Seat x={326} y={170} label="E" name="Dev" />
      <Card x={180} y={78} rank="Q" suit="♠" />
      <Card x={128} y={140} rank="4" suit="♠" />
      <Card x={232} y={140} rank="9" suit="♠" />
      <Card x={180} y={196} rank="A" suit="♠" />
      {hand.map(([rank, suit], index) => (
        <Card key={rank + suit} x={58 + index * 30} y={268} rank={rank} suit={suit} rotate={(index - 3.5) * 2} />
      ))}
      <g transform="translate(372 36)">
        <rect width="76" height="58" rx="8" fill="#1d2b24" stroke="rgba(255,255,255,0.3)" />
        <circle cx="38" cy="24" r="11" fill="#7fb99a" />
        <path d="M18 52c4-10 12-14 20-14s16 4 20 14" fill="#7fb99a" />
        <text x="38" y="-6" fontSize="10" fill="#cfe9db" textAnchor="middle">
          Partner
        </text>
      </g>
      <g transform="translate(372 112)">
        <rect width="76" height="196" rx="10" fill="rgba(255,255,255,0.94)" />
        <text x="38" y="20" fontSize="11" fontWeight="700" fill={ink} textAnchor="middle">
          Bidding
        </text>
        {(
          [
            ['1♣', ink],
            ['1♦', red],
            ['1♥', red],
            ['1♠', ink],
            ['1NT', ink],
            ['Pass', '#0f5a36'],
            ['X', red],
          ] as const
        ).map(([bid, colour], index) => (
          <g key={bid} transform={`translate(10 ${30 + index * 23})`}>
            <rect width="56" height="19" rx="5" fill={bid === '1♠' ? '#d3f0e0' : '#f1f4f2'} stroke="#cfd8d3" />
            <text x="28" y="14" fontSize="11" fontWeight="700" fill={colour} textAnchor="middle">
              {bid}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}

/** An Organizer app screen: the event, the movement and the live ranking. */
export function OrganiserPoster() {
  const rows = [
    ['1', 'Pair 5 NS', 'Ann & Ben', '63.4%'],
    ['2', 'Pair 2 EW', 'Cleo & Dev', '58.9%'],
    ['3', 'Pair 7 NS', 'Eva & Finn', '55.1%'],
    ['4', 'Pair 3 EW', 'Gus & Hana', '52.6%'],
    ['5', 'Pair 1 NS', 'Ivo & Jo', '49.0%'],
  ];
  return (
    <svg
      viewBox="0 0 480 360"
      width="100%"
      role="img"
      aria-label="The Organizer app during a Mitchell pairs event: round 6 of 9 and the live matchpoint ranking"
      style={{ display: 'block', fontFamily: 'inherit' }}
    >
      <rect x="4" y="4" width="472" height="352" rx="18" fill="#0a1f15" stroke="rgba(255,255,255,0.25)" strokeWidth="2" />
      <rect x="18" y="18" width="444" height="324" rx="10" fill="#f7faf8" />
      <rect x="18" y="18" width="444" height="44" rx="10" fill="#0f5a36" />
      <rect x="18" y="50" width="444" height="12" fill="#0f5a36" />
      <text x="36" y="46" fontSize="15" fontWeight="700" fill="#fff">
        Friday Club Pairs
      </text>
      <text x="444" y="46" fontSize="12" fill="#cfe9db" textAnchor="end">
        Mitchell · 8 tables · Match Points
      </text>
      <g transform="translate(36 80)">
        <text fontSize="12" fontWeight="700" fill={ink} y="0">
          Round 6 of 9
        </text>
        <rect y="10" width="180" height="10" rx="5" fill="#dfe8e3" />
        <rect y="10" width="120" height="10" rx="5" fill="#1d8a52" />
        {Array.from({ length: 8 }, (_, index) => (
          <g key={index} transform={`translate(${(index % 4) * 46} ${40 + Math.floor(index / 4) * 50})`}>
            <rect width="38" height="38" rx="8" fill={index === 3 || index === 6 ? '#fff4d6' : '#e3f3ea'} stroke="#cfd8d3" />
            <text x="19" y="17" fontSize="11" fontWeight="700" fill={ink} textAnchor="middle">
              T{index + 1}
            </text>
            <text x="19" y="31" fontSize="9" fill="#4a5a52" textAnchor="middle">
              {index === 3 || index === 6 ? 'playing' : 'done'}
            </text>
          </g>
        ))}
        <text y="160" fontSize="11" fill="#4a5a52">
          EW move up · boards move down
        </text>
        <g transform="translate(0 176)">
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
        <rect width="210" height="252" rx="10" fill="#fff" stroke="#dfe8e3" />
        <text x="14" y="24" fontSize="12" fontWeight="700" fill={ink}>
          Live ranking
        </text>
        {rows.map(([rank, pair, names, score], index) => (
          <g key={pair} transform={`translate(0 ${42 + index * 40})`}>
            {index > 0 ? <line x1="14" x2="196" y1="-6" y2="-6" stroke="#eef2f0" /> : null}
            <text x="14" y="14" fontSize="12" fontWeight="700" fill="#0f5a36">
              {rank}
            </text>
            <text x="32" y="10" fontSize="11" fontWeight="600" fill={ink}>
              {names}
            </text>
            <text x="32" y="24" fontSize="10" fill="#4a5a52">
              {pair}
            </text>
            <text x="196" y="16" fontSize="12" fontWeight="700" fill={ink} textAnchor="end">
              {score}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
}
