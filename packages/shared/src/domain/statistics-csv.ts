/**
 * The statistics tables as CSV (decisions 059, 089): the columns of each table of the report, in the screen's
 * words (FIGURE_WORDS), each with its unit. Counts are plain integers; rates are percentages with one decimal
 * (81.3), 倍率 a ratio with two (2.35); a figure with nothing to divide by is an empty cell. The public version prints the people counts of the
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

/**
 * The words of each figure, for the screen, the printed report and the CSV alike (decision 089). Counts of
 * applications are 件, never 人: one person applies to several courses, so 「申込み 80件」 and 「申し込んだ人
 * 22人」 (PEOPLE_WORDS, the distinct students) are both true of one period.
 */
export const FIGURE_WORDS: Readonly<Record<keyof CourseFigures, { label: string; unit: string }>> = {
  courses: { label: '講座数', unit: '講座' },
  seats: { label: '定員', unit: '人' },
  applications: { label: '申込み', unit: '件' },
  ratio: { label: '倍率', unit: '倍' },
  ratio_courses: { label: '倍率を数えた講座', unit: '講座' },
  winners: { label: '当選', unit: '件' },
  confirmed: { label: '受講確定', unit: '件' },
  declined: { label: '辞退', unit: '件' },
  lapsed: { label: '期限切れ', unit: '件' },
  promoted: { label: '繰り上げ当選', unit: '件' },
  fill_rate: { label: '充足率', unit: '%' },
  sessions_recorded: { label: '出欠の記録', unit: '回' },
  sessions_attended: { label: '出席', unit: '回' },
  attendance_rate: { label: '出席率', unit: '%' },
  no_shows: { label: '一度も出席しなかった', unit: '件' },
  completed: { label: '修了', unit: '件' },
  units: { label: '取得単位', unit: '単位' },
};
/** The people of a period: distinct students with a live application to one of its courses. */
export const PEOPLE_WORDS = { label: '申し込んだ人', unit: '人' } as const;

/** A CSV header: the screen's label with its unit (「申込み（件）」); 講座 and 単位 are in the label already. */
export const figureHeader = ({ label, unit }: { label: string; unit: string }) =>
  unit === '講座' || unit === '単位' ? label : `${label}（${unit}）`;

const figureColumn = (key: keyof CourseFigures, value: (f: CourseFigures) => string | number) => ({
  header: figureHeader(FIGURE_WORDS[key]),
  value,
});

/** The figures of a set of courses, in the order the screen's tables show them. */
export const FIGURE_COLUMNS: readonly CsvColumn<CourseFigures>[] = [
  figureColumn('courses', (f) => f.courses),
  figureColumn('seats', (f) => f.seats),
  figureColumn('applications', (f) => f.applications),
  figureColumn('ratio', (f) => ratioCell(f.ratio)),
  figureColumn('ratio_courses', (f) => f.ratio_courses),
  figureColumn('winners', (f) => f.winners),
  figureColumn('confirmed', (f) => f.confirmed),
  figureColumn('declined', (f) => f.declined),
  figureColumn('lapsed', (f) => f.lapsed),
  figureColumn('promoted', (f) => f.promoted),
  figureColumn('fill_rate', (f) => percentCell(f.fill_rate)),
  figureColumn('sessions_recorded', (f) => f.sessions_recorded),
  figureColumn('sessions_attended', (f) => f.sessions_attended),
  figureColumn('attendance_rate', (f) => percentCell(f.attendance_rate)),
  figureColumn('no_shows', (f) => f.no_shows),
  figureColumn('completed', (f) => f.completed),
  figureColumn('units', (f) => f.units),
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
    { header: figureHeader(FIGURE_WORDS.sessions_recorded), value: (r) => r.recorded },
    { header: figureHeader(FIGURE_WORDS.sessions_attended), value: (r) => r.attended },
    { header: figureHeader(FIGURE_WORDS.attendance_rate), value: (r) => percentCell(r.rate) },
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
    { header: '承認（人）', value: (r) => r.approved },
    { header: '却下（人）', value: (r) => r.rejected },
  ],
});

export const monthsCsv = (
  isPublic: boolean,
): CsvExport<{ month: string; applications: number; cancellations: number }> => ({
  prefix: statisticsFileName('months', isPublic),
  columns: [
    { header: '月', value: (r) => r.month },
    { header: '申込み（件）', value: (r) => r.applications },
    { header: '取り消し（件）', value: (r) => r.cancellations },
  ],
});

export const yearsCsv = (isPublic: boolean): CsvExport<YearFigures> => ({
  prefix: statisticsFileName('years', isPublic),
  columns: [
    { header: '年度', value: (r) => `${r.fy}年度` },
    { header: figureHeader(PEOPLE_WORDS), value: (r) => r.students },
    ...FIGURE_COLUMNS,
  ],
});
