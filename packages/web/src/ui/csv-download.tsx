import { CSV_BOM, type CsvCell, csvFileName, toCsv } from '@manabi/shared/domain/csv';
import { useState } from 'react';
import { useRouteApiError } from '../lib/area';
import { Button, type ButtonVariant, buttonClass } from './button';

export interface CsvDownloadProps {
  /** File name prefix; the file is `${prefix}_yyyymmddhhmmss.csv` (Tokyo time, SPEC §9). */
  prefix: string;
  /** Header row. */
  header: string[];
  /** Produces the data rows (may call the API). Cells are escaped against formula injection by shared toCsv. */
  getRows: () => Promise<readonly (readonly CsvCell[])[]> | readonly (readonly CsvCell[])[];
  label?: string;
  /** Disabled with the normal label (e.g. nothing to download). */
  isDisabled?: boolean;
  /** The list is still loading: disabled and reads 「CSVデータ作成中」 (SPEC §2). */
  isPreparing?: boolean;
  variant?: ButtonVariant;
  className?: string;
}

/** Saves text as a file through a temporary object URL. */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 「CSVダウンロード」 button: builds BOM + CSV (comma, CRLF) from `header` and `getRows()` and saves it as
 * `${prefix}_yyyymmddhhmmss.csv`. While rows are being made (or the list is loading) it is disabled and
 * reads 「CSVデータ作成中」. API failures in getRows are routed as SPEC §8.
 */
export function CsvDownload({
  prefix,
  header,
  getRows,
  label = 'CSVダウンロード',
  isDisabled,
  isPreparing,
  variant = 'secondary',
  className,
}: CsvDownloadProps) {
  const [isWorking, setIsWorking] = useState(false);
  const routeError = useRouteApiError();
  const busy = isWorking || !!isPreparing;

  const run = async () => {
    setIsWorking(true);
    try {
      const rows = await getRows();
      downloadText(csvFileName(prefix, new Date()), CSV_BOM + toCsv([header, ...rows]));
    } catch (error) {
      routeError(error);
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <Button
      variant={variant}
      className={className}
      isDisabled={isDisabled || busy}
      onPress={() => void run()}
    >
      {busy ? 'CSVデータ作成中' : label}
    </Button>
  );
}

export interface CsvDownloadLinkProps {
  /** The server's CSV call with the list's conditions (GET; the session cookie authorises it). */
  href: string;
  label?: string;
  /** Disabled with the normal label (e.g. nothing to download). */
  isDisabled?: boolean;
  /** The list is still loading: disabled and reads 「CSVデータ作成中」 (SPEC §2). */
  isPreparing?: boolean;
  variant?: ButtonVariant;
  className?: string;
}

/**
 * 「CSVダウンロード」 as a plain download link to a CSV the server streams (decision 021): the browser saves
 * the file itself (name from Content-Disposition, `${prefix}_yyyymmddhhmmss.csv`), however many rows, and
 * the page stays as it is. While the list loads (or when there is nothing to download) it is a disabled
 * button, as CsvDownload.
 */
export function CsvDownloadLink({
  href,
  label = 'CSVダウンロード',
  isDisabled,
  isPreparing,
  variant = 'secondary',
  className,
}: CsvDownloadLinkProps) {
  if (isDisabled || isPreparing) {
    return (
      <Button variant={variant} className={className} isDisabled>
        {isPreparing ? 'CSVデータ作成中' : label}
      </Button>
    );
  }
  return (
    <a href={href} download className={buttonClass(variant, 'md', className)} data-print="hide">
      {label}
    </a>
  );
}
