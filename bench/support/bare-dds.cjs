// The bare script: the DDS library called directly through koffi, as a program of one's own would, with DDS's own
// threads on every core. Prints the solve time of the deals given (JSON lines on stdin) in milliseconds.
// It leaves through _exit: the library's finaliser would crash it at exit (docs/decisions/049).
const koffi = require('koffi');
const lib = koffi.load(process.env.DDS_LIBRARY || 'libdds.so.0');
const deal = koffi.struct('BareDeal', { cards: koffi.array('char', 80) });
const deals = koffi.struct('BareDeals', { noOfTables: 'int', deals: koffi.array(deal, 200) });
const results = koffi.struct('BareResults', { resTable: koffi.array('int', 20) });
const all = koffi.struct('BareAll', { noOfBoards: 'int', results: koffi.array(results, 200) });
const par = koffi.struct('BarePar', { parScore: koffi.array('uint8', 32), parContractsString: koffi.array('uint8', 256) });
const pars = koffi.struct('BarePars', { presults: koffi.array(par, 40) });
const calc = lib.func('CalcAllTablesPBN', 'int', [
  koffi.pointer(deals),
  'int',
  koffi.pointer('int'),
  koffi.out(koffi.pointer(all)),
  koffi.out(koffi.pointer(pars)),
]);
const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
const started = process.hrtime.bigint();
for (let i = 0; i < input.length; i += 40) {
  const chunk = input.slice(i, i + 40);
  const out = {};
  const code = calc(
    { noOfTables: chunk.length, deals: Array.from({ length: 200 }, (_, j) => ({ cards: chunk[j] ?? '' })) },
    -1,
    [0, 0, 0, 0, 0],
    out,
    {},
  );
  if (code !== 1) throw new Error(`CalcAllTablesPBN answered ${code}`);
}
process.stdout.write(`${Number(process.hrtime.bigint() - started) / 1e6}\n`, () => koffi.load('libc.so.6').func('void _exit(int)')(0));
