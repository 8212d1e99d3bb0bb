import { FIGURE_WORDS } from '@manabi/shared/domain/statistics-csv';
import type { CourseFigures } from '@manabi/shared/schemas/statistics';
import { counted, percent } from './findings';
import type { StatColumn } from './stat-figure';

/**
 * The figures of a set of courses as the report names them (plain words for the office's readers, the CSV's
 * words: shared domain/statistics-csv.ts FIGURE_WORDS), in the order of the contract, each with what it
 * counts: the summary prints these notes, so the report says how every number was made.
 */
type CountKey = {
  [K in keyof CourseFigures]: CourseFigures[K] extends number ? K : never;
}[keyof CourseFigures];
type RateKey = Exclude<keyof CourseFigures, CountKey>;

export interface CourseFigure {
  key: keyof CourseFigures;
  label: string;
  text: (f: CourseFigures) => string;
  note: string;
}

/** A count with its unit (講座, 人, 件, 回, 単位), in the words of FIGURE_WORDS (the CSV's too). */
const count = (key: CountKey, note: string): CourseFigure => ({
  key,
  label: FIGURE_WORDS[key].label,
  text: (f) => counted(f[key], FIGURE_WORDS[key].unit),
  note,
});
/** A rate as a percentage; 「対象なし」 without a denominator. */
const rate = (key: RateKey, note: string): CourseFigure => ({
  key,
  label: FIGURE_WORDS[key].label,
  text: (f) => percent(f[key]),
  note,
});

/** 倍率 in words: 「1.48倍」, or 「－」 when no course had more applications than seats. */
export const ratioText = (f: Pick<CourseFigures, 'ratio'>) =>
  f.ratio === null ? '－' : `${f.ratio.toFixed(2)}倍`;

/**
 * What 倍率 is over, said next to it (decision 089): only the courses applied for beyond their seats, so a
 * programme of many half-full courses does not read 0.18倍.
 */
export const RATIO_DEFINITION =
  '定員を超える申込みがあった講座だけで数えた、申込み ÷ 定員（定員以内の講座は「－」）';
export const ratioOver = (f: Pick<CourseFigures, 'ratio_courses'>) =>
  f.ratio_courses === 0
    ? '定員を超える申込みがあった講座はありません'
    : `定員を超える申込みがあった ${counted(f.ratio_courses, '講座')}の、申込み ÷ 定員`;

/** Which fiscal year a course counts in, as the report says it (decisions 059, 089). */
export const COURSE_YEAR_RULE =
  '講座は、最初の授業日がある年度（期間）に数えます（年度をまたぐ講座は、始まった年度）。授業日を登録していない講座は、申込み受付の始まった日で数えます。';

export const COURSE_FIGURES: readonly CourseFigure[] = [
  count('courses', '最初の授業日（授業日を登録していなければ申込み受付の始まった日）がこの期間にある講座'),
  count('seats', '講座の定員の合計（定員のない講座は数えません）'),
  count('applications', '申込みの件数。ひとりが2つの講座に申し込めば2件です（取り消した申込みも含みます）'),
  { key: 'ratio', label: FIGURE_WORDS.ratio.label, text: ratioText, note: RATIO_DEFINITION },
  count('ratio_courses', '倍率を数えた講座（定員を超える申込みがあった講座）の数'),
  count('winners', '当選した申込み（あとで辞退したものも含みます）'),
  count('confirmed', '当選して受講が決まった申込み'),
  count('declined', '当選後に本人が辞退した申込み'),
  count('lapsed', '確認の期限までに受講を確定しなかった申込み'),
  count('promoted', '補欠から繰り上がった申込み'),
  rate('fill_rate', '定員のある講座の受講確定 ÷ 定員'),
  count('sessions_recorded', '受講確定の授業ごとの出欠の記録（出席・欠席・遅刻・早退）の数'),
  count('sessions_attended', 'そのうち出席（遅刻・早退を含む）の数'),
  rate('attendance_rate', '出欠の記録のうち、出席の割合'),
  count('no_shows', '出席を記録した講座で、受講が決まったのに一度も出席しなかった申込み'),
  count('completed', '受講済みになった申込み'),
  count('units', '修了した申込みに与えた単位の合計'),
];

/** The table columns of the figures, after the row's name (the groups' and the years' tables). */
export function figureColumns<Row extends CourseFigures>(): StatColumn<Row>[] {
  return COURSE_FIGURES.map((f) => ({ label: f.label, cell: (row: Row) => f.text(row) }));
}
