import { useState } from 'react';
import { Button } from '#web/components/button.tsx';
import { notifyFailure } from '#web/lib/failure-text.ts';
import { downloadBooksCsv } from './books-api.ts';
import { dayText } from './books-format.ts';
import type { BooksRange } from './range-form.tsx';

// Downloads books.csv of the range shown: every row of it, not only this page. The
// server streams it; the file is saved under the name it gives (books-<from>-to-<to>.csv).

export function CsvButton({ range }: { range: BooksRange }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadBooksCsv({ from: range.from, to: range.to });
    } catch (error) {
      notifyFailure(error, { failed: 'Download failed', network: 'Download failed' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      className="w-full sm:w-auto"
      onClick={download}
      disabled={busy}
      title={`Every row from ${dayText(range.from)} to ${dayText(range.to)}`}
    >
      {busy ? 'Preparing CSV…' : 'Download CSV'}
    </Button>
  );
}
