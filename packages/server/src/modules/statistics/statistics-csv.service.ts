import type { CsvExport } from '@manabi/shared/domain/csv-exports';
import {
  admissionsCsv,
  groupCsv,
  labelledCsv,
  monthsCsv,
  sessionsCsv,
  summaryCsv,
  yearsCsv,
} from '@manabi/shared/domain/statistics-csv';
import type { StatisticsCsvQuery, StatisticsTable } from '@manabi/shared/schemas/statistics';
import type { Db } from '../../db/client';
import type { AdminPrincipal } from '../../platform/context';
import {
  getSessions,
  getStudents,
  getSummary,
  getTrends,
  groupRows,
  type Period,
} from './statistics.service';

/**
 * One table of the report as CSV (decision 059): the same figures the screen reads, every row of it. The
 * table is handed to `send` with its spec, so each table keeps its own row type.
 */
export type CsvTable = <T>(send: <R>(spec: CsvExport<R>, rows: readonly R[]) => T) => T;
const table =
  <R>(spec: CsvExport<R>, rows: readonly R[]): CsvTable =>
  (send) =>
    send(spec, rows);

const GROUP_OF = { courses: 'course', organisers: 'organiser', categories: 'category' } as const;
type PeopleTable = 'ages' | 'genders' | 'wards' | 'towns' | 'generations';

export async function statisticsCsv(
  db: Db,
  admin: AdminPrincipal,
  q: StatisticsCsvQuery,
  period: Period,
): Promise<CsvTable> {
  const t: StatisticsTable = q.table;
  const pub = q.public;
  switch (t) {
    case 'summary': {
      const { figures } = await getSummary(db, admin, period);
      return table(summaryCsv(pub), [{ ...figures, from: period.from, to: period.to }]);
    }
    case 'courses':
    case 'organisers':
    case 'categories': {
      const { rows } = await groupRows(db, admin, period, GROUP_OF[t], null);
      return table(groupCsv(t, pub), rows);
    }
    case 'sessions':
      return table(sessionsCsv(pub), (await getSessions(db, admin, period)).sessions);
    case 'months':
    case 'years': {
      const trends = await getTrends(db, admin, period);
      return t === 'months' ? table(monthsCsv(pub), trends.months) : table(yearsCsv(pub), trends.years);
    }
    default:
      return peopleCsv(db, admin, t, pub, period);
  }
}

async function peopleCsv(
  db: Db,
  admin: AdminPrincipal,
  t: PeopleTable | 'newcomers' | 'admissions',
  pub: boolean,
  period: Period,
): Promise<CsvTable> {
  const s = await getStudents(db, admin, period);
  if (t === 'admissions') return table(admissionsCsv(pub), s.admissions ?? []);
  if (t === 'newcomers') {
    const rows = [
      { label: '新規', count: s.newcomers.new },
      { label: '継続', count: s.newcomers.returning },
    ];
    return table(labelledCsv(t, pub), rows);
  }
  return table(labelledCsv(t, pub), s[t]);
}
