/**
 * The statistics tables as CSV (decision 059): the columns of each table of the report, in the screen's words.
 * Counts are plain integers; rates are percentages with one decimal (81.3), 倍率 a ratio with two (2.35); a
 * figure with nothing to divide by is an empty cell. The public version prints the people counts of the
 * demographic tables as publicCount does (1 and 2 → 「3人未満」).
 */
import {
  type CourseFigures,
  publicCount,
  STATISTICS_PEOPLE_TABLES,
  type StatisticsTable,
} from '../schemas/statistics';
import type { CsvColumn, CsvExport } from './csv-exports';

/** A rate (0.8125) as a percentage with one decimal ('81.3'); '' when there is no rate. */
export const percentCell = (r: number | null): string =>
  r === null ? '' : (Math.round(r * 1000) / 10).toFixed(1);
/** 倍率 with two decimals ('2.35'); '' when there is no ratio. */
export const ratioCell = (r: number | null): string =>
  r === null ? '' : (Math.round(r * 100) / 100).toFixed(2);

export const statisticsFileName = (table: StatisticsTable, isPublic: boolean) =>
  `statistics_${table}${isPublic ? '_public' : ''}`;

/** The figures of a set of courses, in the order the screen's tables show them. */
export const FIGURE_COLUMNS: readonly CsvColumn<CourseFigures>[] = [
  { header: '講座数', value: (f) => f.courses },
  { header: '定員', value: (f) => f.seats },
  { header: '申込者数', value: (f) => f.applications },
  { header: '倍率', value: (f) => ratioCell(f.ratio) },
  { header: '当選者数', value: (f) => f.winners },
  { header: '受講確定者数', value: (f) => f.confirmed },
  { header: '辞退者数', value: (f) => f.declined },
  { header: '期限切れ辞退者数', value: (f) => f.lapsed },
  { header: '繰り上げ当選者数', value: (f) => f.promoted },
  { header: '充足率（%）', value: (f) => percentCell(f.fill_rate) },
  { header: '出席記録数', value: (f) => f.sessions_recorded },
  { header: '出席数', value: (f) => f.sessions_attended },
  { header: '出席率（%）', value: (f) => percentCell(f.attendance_rate) },
  { header: '全回欠席者数', value: (f) => f.no_shows },
  { header: '修了者数', value: (f) => f.completed },
  { header: '取得単位数', value: (f) => f.units },
];

export type PeriodFigures = CourseFigures & { from: string; to: string };
export type NamedFigures = CourseFigures & { code: string; name: string };
export type YearFigures = CourseFigures & { fy: number; students: number };
export interface SessionRow {
  no: number;
  recorded: number;
  attended: number;
  rate: number | null;
}
export interface LabelledRow {
  label: string;
  count: number;
}

export const summaryCsv = (isPublic: boolean): CsvExport<PeriodFigures> => ({
  prefix: statisticsFileName('summary', isPublic),
  columns: [
    { header: '期間開始日', value: (r) => r.from },
    { header: '期間終了日', value: (r) => r.to },
    ...FIGURE_COLUMNS,
  ],
});

const GROUP_HEADERS = { courses: '講座名', organisers: '実施主体', categories: 'カテゴリ' } as const;

export function groupCsv(table: keyof typeof GROUP_HEADERS, isPublic: boolean): CsvExport<NamedFigures> {
  const code: CsvColumn<NamedFigures>[] =
    table === 'courses' ? [{ header: '講座ID', value: (r) => r.code }] : [];
  return {
    prefix: statisticsFileName(table, isPublic),
    columns: [...code, { header: GROUP_HEADERS[table], value: (r) => r.name }, ...FIGURE_COLUMNS],
  };
}

export const sessionsCsv = (isPublic: boolean): CsvExport<SessionRow> => ({
  prefix: statisticsFileName('sessions', isPublic),
  columns: [
    { header: '回', value: (r) => `第${r.no}回` },
    { header: '出席記録数', value: (r) => r.recorded },
    { header: '出席数', value: (r) => r.attended },
    { header: '出席率（%）', value: (r) => percentCell(r.rate) },
  ],
});

const PEOPLE_HEADERS: Partial<Record<StatisticsTable, string>> = {
  ages: '年齢（年度末）',
  genders: '性別',
  wards: '区内・区外',
  towns: '町名',
  newcomers: '新規・継続',
  generations: '期生',
};

/** A table of people counted by one label; the public version of a demographic table masks small cells. */
export function labelledCsv(table: StatisticsTable, isPublic: boolean): CsvExport<LabelledRow> {
  const masked = isPublic && STATISTICS_PEOPLE_TABLES.includes(table);
  return {
    prefix: statisticsFileName(table, isPublic),
    columns: [
      { header: PEOPLE_HEADERS[table] ?? '区分', value: (r) => r.label },
      { header: '人数', value: (r) => (masked ? publicCount(r.count) : r.count) },
    ],
  };
}

export const admissionsCsv = (
  isPublic: boolean,
): CsvExport<{ month: string; approved: number; rejected: number }> => ({
  prefix: statisticsFileName('admissions', isPublic),
  columns: [
    { header: '月', value: (r) => r.month },
    { header: '入学承認数', value: (r) => r.approved },
    { header: '却下数', value: (r) => r.rejected },
  ],
});

export const monthsCsv = (
  isPublic: boolean,
): CsvExport<{ month: string; applications: number; cancellations: number }> => ({
  prefix: statisticsFileName('months', isPublic),
  columns: [
    { header: '月', value: (r) => r.month },
    { header: '申込数', value: (r) => r.applications },
    { header: '取消数', value: (r) => r.cancellations },
  ],
});

export const yearsCsv = (isPublic: boolean): CsvExport<YearFigures> => ({
  prefix: statisticsFileName('years', isPublic),
  columns: [
    { header: '年度', value: (r) => `${r.fy}年度` },
    ...FIGURE_COLUMNS,
    { header: '受講者数', value: (r) => r.students },
  ],
});
