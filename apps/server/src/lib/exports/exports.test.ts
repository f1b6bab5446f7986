import { randomBytes } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildSeatedEvent, buildUser, login } from '../../../test/factories.ts';
import { csvField } from './writers.ts';

let t: TestApp;
let adminCookie: string;
let organiserId: string;
const MANY = 2150; // more than two of the export's batches of 1000
const tag = `exp${randomBytes(3).toString('hex')}`;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await buildUser(t.app, { role: 'admin' });
  adminCookie = await login(t.app, admin, '/api/admin/v1/user/login');
  organiserId = (await buildUser(t.app, { names: 'Exporting Organiser' })).id;
  // Straight into the database: thousands of accounts through the API would only test the password hash.
  await t.database.db
    .insertInto('users')
    .values(
      Array.from({ length: MANY }, (_, i) => ({
        email: `${tag}-${i}@example.com`,
        names: `Export Person ${i}`,
        passwordHash: 'not-a-hash',
        city: i % 2 ? 'Chennai' : 'Delhi, South',
      })),
    )
    .execute();
});
afterAll(async () => t.close());

const exportOf = (path: string) => t.app.inject({ method: 'GET', url: `/api/admin/v1/export/${path}`, headers: { cookie: adminCookie } });
const today = () => new Date().toISOString().slice(0, 10);

/** Splits CSV text into records of fields (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The text of each of a PDF's text runs, page after page, as PDF.js reads it from the glyphs. */
async function pdfTextRuns(pdf: Buffer): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const runs: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    for (const item of content.items) if ('str' in item && item.str) runs.push(item.str);
  }
  await document.destroy();
  return runs;
}

/**
 * The ActualText of each marked span in the page contents. PDF.js reads text from the glyphs only; readers such
 * as Acrobat and poppler copy and search the ActualText where there is one.
 */
function pdfActualTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  // Each stream is read by its dictionary's /Length: compressed bytes may end in a carriage return, which a
  // search for the "endstream" keyword would take as the line end and cut off.
  for (const stream of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = stream.index + stream[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(stream[1]))).toString('latin1');
    } catch {
      continue;
    }
    for (const [, literal] of content.matchAll(/\/ActualText \(((?:\\[\s\S]|[^\\)])*)\)/g)) {
      const escapes: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };
      const bytes = Buffer.from(
        literal!.replace(/\\([\s\S])/g, (_, c: string) => escapes[c] ?? c),
        'latin1',
      );
      // A PDF text string is UTF-16BE after a byte-order mark, or PDFDocEncoding (ASCII here) without one.
      texts.push(bytes[0] === 0xfe && bytes[1] === 0xff ? Buffer.from(bytes.subarray(2)).swap16().toString('utf16le') : bytes.toString('latin1'));
    }
  }
  return texts;
}

describe('exports (GET /export/{dataset})', () => {
  it('writes every matching user to CSV, not only a page, with a dated file name', async () => {
    const response = await exportOf(`users?format=csv&query=${tag}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="users-${today()}.csv"`);
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const [header, ...rows] = parseCsv(response.body.slice(1));
    expect(header).toEqual([
      'Name',
      'Email',
      'Role',
      'Status',
      'Email Verified',
      'Contact',
      'BFI or BBO Number',
      'City',
      'Postal Index Number',
      'Created At',
    ]);
    expect(rows).toHaveLength(MANY);
    expect(new Set(rows.map((r) => r[1])).size).toBe(MANY);
    expect(rows.find((r) => r[1] === `${tag}-0@example.com`)).toEqual(
      expect.arrayContaining(['Export Person 0', 'player', 'Enabled', 'Delhi, South']),
    );
    // Without a search, every user.
    const total = Number(
      (
        await t.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(parseCsv((await exportOf('users?format=csv')).body.slice(1))).toHaveLength(total + 1);
  });

  it('writes an xlsx workbook that Excel readers open, one row per matching user', async () => {
    const response = await exportOf(`users?format=xlsx&query=${tag}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="users-${today()}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Email',
      'Role',
      'Status',
      'Email Verified',
      'Contact',
      'BFI or BBO Number',
      'City',
      'Postal Index Number',
      'Created At',
    ]);
    expect(sheet.actualRowCount).toBe(MANY + 1);
    const emails = new Set<string>();
    sheet.eachRow((row, n) => {
      if (n > 1) emails.add(String(row.getCell(2).value));
    });
    expect(emails.size).toBe(MANY);
  });

  it('writes a print layout of every matching row, with its filter and time, and no controls', async () => {
    const response = await exportOf(`users?format=html&query=${tag}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    // Shown in the console's frame to be printed, not downloaded.
    expect(response.headers['content-disposition']).toBe(`inline; filename="users-${today()}.html"`);
    // Framed by the console's own pages only (every other answer may not be framed at all), with nothing to run.
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'");
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    const html = response.body;
    expect(html.match(/<tr>/g)).toHaveLength(MANY + 1);
    expect(html).toContain('<h1>Users</h1>');
    expect(html).toMatch(new RegExp(`Filter: search &quot;${tag}&quot; · Made \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} UTC`));
    expect(html).toContain('<th scope="col">Postal Index Number</th>');
    expect(html).not.toMatch(/<script|<button|<input/);
    // Cells are text, never markup.
    await buildUser(t.app, { email: `${tag}-html@example.com`, names: '<b>Bold</b> & "Co"' });
    expect((await exportOf(`users?format=html&query=${tag}-html`)).body).toContain('<td>&lt;b&gt;Bold&lt;/b&gt; &amp; &quot;Co&quot;</td>');
    expect((await exportOf('users?format=html')).body).toContain('Filter: none, every row');
    expect((await exportOf('past-events?format=html&scoreType=IMP&liveTable=true')).body).toContain('Filter: score type IMP, live table true');
  });

  it('states the filter and the time in the PDF and on an xlsx sheet of its own, and never cuts a PDF header', async () => {
    const runs = await pdfTextRuns((await exportOf(`users?format=pdf&query=${tag}-1`)).rawPayload);
    expect(runs.some((run) => run.startsWith(`Filter: search "${tag}-1" · Made `))).toBe(true);
    // Narrow columns' headers wrap onto a second line instead of ending in an ellipsis.
    expect(runs.join(' ')).not.toContain('…');
    for (const word of ['Postal', 'Index', 'Number', 'BFI', 'BBO']) expect(runs.join(' ')).toContain(word);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportOf(`users?format=xlsx&query=${tag}-1`)).rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Users', 'About this export']);
    const about = workbook.worksheets[1]!;
    expect(about.getRow(2).values).toEqual([undefined, 'Filter', `search "${tag}-1"`]);
    expect(String(about.getRow(3).getCell(2).value)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);
  });

  it('writes a PDF on A3 landscape pages', async () => {
    const response = await exportOf(`users?format=pdf&query=${tag}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="users-${today()}.pdf"`);
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const boxes = [...pdf.matchAll(/\/MediaBox \[([\d.\s]+)\]/g)].map((m) => m[1]!.trim().split(/\s+/).map(Number));
    // About 60 rows a page: thousands of rows make tens of pages, every one A3 (297 x 420 mm) lying on its side.
    expect(boxes.length).toBeGreaterThan(MANY / 70);
    for (const [x0, y0, width, height] of boxes) {
      expect([x0, y0]).toEqual([0, 0]);
      expect(width).toBeCloseTo((420 / 25.4) * 72, 0);
      expect(height).toBeCloseTo((297 / 25.4) * 72, 0);
    }
  });

  it('prints names in Polish, Cyrillic, Greek and Devanagari as written in the PDF', async () => {
    const world = `${tag}w`;
    const names = ['Łukasz Żółć', 'Zoë Ødegård', 'Анна Смирнова', 'Ελένη Παπαδοπούλου', 'अर्जुन शर्मा', 'प्रिया कृष्णन'];
    for (const [i, name] of [...names, 'Wang 王'].entries())
      await buildUser(t.app, { email: `${world}-${i}@example.com`, names: name, city: i === 2 ? 'Москва' : 'Mumbai', emailVerified: false });
    const response = await exportOf(`users?format=pdf&query=${world}`);
    expect(response.statusCode).toBe(200);
    const runs = await pdfTextRuns(response.rawPayload);
    // Latin, Greek and Cyrillic glyphs are drawn in the order of the characters: the text reads back as written.
    for (const name of names.slice(0, 4)) expect(runs).toContain(name);
    expect(runs).toContain('Москва');
    expect(runs).toContain('Users');
    expect(runs).toContain('Email Verified');
    // Devanagari is shaped: conjuncts and the reph are glyphs of their own, drawn in another order than the
    // characters. The cell's text as written is its ActualText.
    const actual = pdfActualTexts(response.rawPayload);
    expect(actual.toSorted()).toEqual(names.slice(4).toSorted());
    const letters = (text: string) => [...text.replace(/\s/g, '')].sort().join('');
    for (const name of names.slice(4)) expect(runs.map(letters), `the glyphs of ${name}`).toContain(letters(name));
    // A character no embedded font has (Chinese here) is still a question mark.
    expect(runs).toContain('Wang ?');
  });

  it('exports past and active events narrowed by the list filters', async () => {
    const base = {
      organiserId,
      tables: 3,
      boardsPerRound: 2,
      type: 1,
      players: 12,
      rounds: 3,
      movementType: 'Mitchell' as const,
      impMethod: null,
      handMode: 'Random' as const,
      liveTableEvent: false,
      kibitzersEnabled: false,
      xmlToken: null,
      resultId: null,
      completedAt: new Date(),
    };
    const events = [
      ...Array.from({ length: 5 }, (_, i) => ({
        ...base,
        key: `${tag}i${i}`,
        typeName: 'Export IMP',
        scoreType: 'IMP' as const,
        status: 'complete' as const,
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        ...base,
        key: `${tag}m${i}`,
        typeName: 'Export MP',
        scoreType: 'Match Point' as const,
        status: 'complete' as const,
      })),
      ...Array.from({ length: 2 }, (_, i) => ({
        ...base,
        key: `${tag}a${i}`,
        typeName: 'Export Live',
        scoreType: 'IMP' as const,
        status: 'active' as const,
        completedAt: null,
      })),
    ];
    Object.assign(events[0]!, { liveTableEvent: true, createdAt: new Date('2026-03-04T05:06:07Z'), completedAt: new Date('2026-03-04T08:09:10Z') });
    await t.database.db.insertInto('tournaments').values(events).execute();
    const rowsOf = async (path: string) => {
      const response = await exportOf(path);
      expect(response.statusCode, response.body).toBe(200);
      return parseCsv(response.body.slice(1)).slice(1);
    };
    expect(await rowsOf(`past-events?format=csv&query=${tag}`)).toHaveLength(8);
    const imp = await rowsOf(`past-events?format=csv&query=${tag}&scoreType=IMP`);
    expect(imp).toHaveLength(5);
    expect(imp.every((r) => r[7] === 'IMP' && r[0] === 'Exporting Organiser')).toBe(true);
    // Every cell as the list shows it: dates in UTC to the minute, Yes/No, the oldest event last.
    expect(imp.at(-1)).toEqual([
      'Exporting Organiser',
      expect.stringContaining('@'),
      `${tag}i0`,
      'Export IMP',
      '3',
      'Yes',
      'Mitchell',
      'IMP',
      'Random',
      'No',
      '2026-03-04 05:06',
      '2026-03-04 08:09',
    ]);
    expect(await rowsOf(`past-events?format=csv&query=${tag}&scoreType=Match%20Point`)).toHaveLength(3);
    expect(await rowsOf(`active-events?format=csv&query=${tag}`)).toHaveLength(2);
    expect((await exportOf(`past-events?format=csv&query=${tag}`)).headers['content-disposition']).toBe(
      `attachment; filename="past-events-${today()}.csv"`,
    );
  });

  it("exports an event's participants, audits by action and downloads by day", async () => {
    const { key } = await buildSeatedEvent(t.app, {
      gameDetails: { typeName: 'Seats', scoreType: 'IMP', liveTableEvent: false },
      seats: [0, 1, 2, 3].map((side) => ({ bot: `Seat ${side}`, table: 1, side })),
    });
    const participants = await exportOf(`participants?format=csv&key=${key}`);
    expect(participants.headers['content-disposition']).toBe(`attachment; filename="participants-${key}-${today()}.csv"`);
    const seats = parseCsv(participants.body.slice(1));
    expect(seats.slice(1).map((r) => [r[0], r[3], r[4], r[5]])).toEqual([
      ['Seat 0', 'Table 1', 'North', 'Yes'],
      ['Seat 1', 'Table 1', 'East', 'Yes'],
      ['Seat 2', 'Table 1', 'South', 'Yes'],
      ['Seat 3', 'Table 1', 'West', 'Yes'],
    ]);

    const exportAudits = Number(
      (
        await t.database.db
          .selectFrom('auditLog')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('action', '=', 'admin.export')
          .executeTakeFirstOrThrow()
      ).n,
    );
    const audits = parseCsv((await exportOf('audits?format=csv&action=admin.export')).body.slice(1)).slice(1);
    // The export being made is recorded before its rows are read.
    expect(audits).toHaveLength(exportAudits + 1);
    expect(audits.every((r) => r[2] === 'admin.export')).toBe(true);

    const day = (d: string, n: number, fileName: string) =>
      Array.from({ length: n }, () => ({
        eventName: 'file_download' as const,
        occurredAt: `${d}T10:00:00Z`,
        fileName,
        app: 'player',
        platform: 'windows',
        userAgent: 'UA',
      }));
    await t.database.db
      .insertInto('analyticsEvents')
      .values([
        ...day('2026-03-01', 3, 'player-windows-1.0.exe'),
        ...day('2026-03-02', 2, 'player-windows-1.0.exe'),
        ...day('2026-03-02', 1, 'organiser-windows-1.0.exe'),
        ...day('2026-04-01', 4, 'player-windows-1.0.exe'),
      ])
      .execute();
    const downloads = parseCsv((await exportOf('downloads?format=csv&startDate=2026-03-01&endDate=2026-03-31')).body.slice(1)).slice(1);
    expect(downloads.map((r) => [r[0], r[1], r[5]])).toEqual([
      ['2026-03-02', 'player-windows-1.0.exe', '2'],
      ['2026-03-02', 'organiser-windows-1.0.exe', '1'],
      ['2026-03-01', 'player-windows-1.0.exe', '3'],
    ]);
  });

  it('records each export in the audit log with its filters', async () => {
    await exportOf(`users?format=csv&query=${tag}-1`);
    const row = await t.database.db
      .selectFrom('auditLog')
      .selectAll()
      .where('action', '=', 'admin.export')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ target: 'users', outcome: 'success', details: { format: 'csv', filters: { query: `${tag}-1` } } });
  });

  it.each([
    ['an unknown dataset', 'secrets?format=csv', 400],
    ['an unknown format', 'users?format=docx', 400],
    ['participants without a key', 'participants?format=csv', 400],
    ['participants of no event', 'participants?format=csv&key=nosuchkey3', 404],
    ['downloads without dates', 'downloads?format=csv', 400],
    ['downloads over a reversed range', 'downloads?format=csv&startDate=2026-02-01&endDate=2026-01-01', 400],
    ['a bad filter value', 'past-events?format=csv&movementType=Swiss', 400],
  ])('answers %s with %i and an error, before any file', async (_label, path, status) => {
    const response = await exportOf(path);
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toEqual(expect.any(String));
  });

  it.each([
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['+1 2', "'+1 2"],
    ['a, b', '"a, b"'],
    ['plain', 'plain'],
    [42, '42'],
    [null, ''],
  ])('writes the CSV field %j as %s', (value, written) => {
    expect(csvField(value)).toBe(written);
  });
});
