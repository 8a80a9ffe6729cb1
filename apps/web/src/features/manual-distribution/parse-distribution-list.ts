import Papa from 'papaparse';

export interface ListRow {
  recipient: string;
  amount: number;
}

/**
 * Reads what the streamer typed or pasted (or a CSV file's text): one recipient per line, optionally followed
 * by the number of copies (`0xAbc…,2`). A header line (`recipient,amount`) and blank lines are skipped; an
 * unreadable amount stays as typed so the server's check names the row.
 */
export function parseDistributionList(text: string): ListRow[] {
  const parsed = Papa.parse<string[]>(text.trim(), { skipEmptyLines: 'greedy', delimiter: '' });
  const rows: ListRow[] = [];
  for (const cells of parsed.data) {
    const [first = '', second = ''] = cells.map((cell) => cell.trim());
    if (!first) continue;
    if (rows.length === 0 && /^(recipient|受け取る人|宛先)$/i.test(first)) continue;
    const amount = second === '' ? 1 : Number(second);
    rows.push({ recipient: first, amount: Number.isFinite(amount) ? amount : Number.NaN });
  }
  return rows;
}
