import type { CourseFigures } from '@manabi/shared/schemas/statistics';
import { counted, percent } from './findings';
import type { StatColumn } from './stat-figure';

/**
 * The figures of a set of courses as the report names them (plain words for the office's readers), in the
 * order of the contract, each with what it counts: the summary prints these notes, so the report says how
 * every number was made.
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

/** A count with its unit (人, 回, 講座, 単位). */
const count = (key: CountKey, label: string, unit: string, note: string): CourseFigure => ({
  key,
  label,
  text: (f) => counted(f[key], unit),
  note,
});
/** A rate as a percentage; 「対象なし」 without a denominator. */
const rate = (key: RateKey, label: string, note: string): CourseFigure => ({
  key,
  label,
  text: (f) => percent(f[key]),
  note,
});

export const COURSE_FIGURES: readonly CourseFigure[] = [
  count('courses', '講座数', '講座', '最初の授業日（なければ申込み開始日）がこの期間にある講座'),
  count('seats', '定員', '人', '講座の定員の合計（定員のない講座は数えません）'),
  count('applications', '申込者', '人', '申し込んだ人（取り消した人も含みます）'),
  {
    key: 'ratio',
    label: '倍率',
    text: (f) => (f.ratio === null ? '対象なし' : `${f.ratio.toFixed(2)}倍`),
    note: '定員のある講座の申込者 ÷ 定員',
  },
  count('winners', '当選', '人', '当選した人（あとで辞退した人も含みます）'),
  count('confirmed', '受講者', '人', '当選して受講が決まった人'),
  count('declined', '辞退', '人', '当選後に自分で辞退した人'),
  count('lapsed', '期限切れ', '人', '確認の期限までに受講を確定しなかった人'),
  count('promoted', '繰り上げ当選', '人', '補欠から繰り上がった人'),
  rate('fill_rate', '充足率', '定員のある講座の受講者 ÷ 定員'),
  count(
    'sessions_recorded',
    '出欠の記録',
    '回',
    '受講者の授業ごとの出欠の記録（出席・欠席・遅刻・早退）の数',
  ),
  count('sessions_attended', '出席', '回', 'そのうち出席（遅刻・早退を含む）の数'),
  rate('attendance_rate', '出席率', '出欠の記録のうち、出席の割合'),
  count(
    'no_shows',
    '一度も出席しなかった人',
    '人',
    '出席を記録した講座で、受講者なのに一度も出席しなかった人',
  ),
  count('completed', '修了', '人', '受講済みになった人'),
  count('units', '単位', '単位', '修了した人に与えた単位の合計'),
];

/** The table columns of the figures, after the row's name (the groups' and the years' tables). */
export function figureColumns<Row extends CourseFigures>(): StatColumn<Row>[] {
  return COURSE_FIGURES.map((f) => ({ label: f.label, cell: (row: Row) => f.text(row) }));
}
