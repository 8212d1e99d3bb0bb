import type { CourseFigures } from '@manabi/shared/schemas/statistics';
import { counted, percent } from './findings';
import type { StatColumn } from './stat-figure';

/**
 * The figures of a set of courses as the report names them (plain words for the office's readers), in the
 * order of the contract, each with what it counts: the summary prints these notes, so the report says how
 * every number was made.
 */
export const COURSE_FIGURES: readonly {
  key: keyof CourseFigures;
  label: string;
  text: (f: CourseFigures) => string;
  note: string;
}[] = [
  {
    key: 'courses',
    label: '講座数',
    text: (f) => counted(f.courses, '講座'),
    note: '最初の授業日（なければ申込み開始日）がこの期間にある講座',
  },
  {
    key: 'seats',
    label: '定員',
    text: (f) => counted(f.seats, '人'),
    note: '講座の定員の合計（定員のない講座は数えません）',
  },
  {
    key: 'applications',
    label: '申込者',
    text: (f) => counted(f.applications, '人'),
    note: '申し込んだ人（取り消した人も含みます）',
  },
  {
    key: 'ratio',
    label: '倍率',
    text: (f) => (f.ratio === null ? '対象なし' : `${f.ratio.toFixed(2)}倍`),
    note: '定員のある講座の申込者 ÷ 定員',
  },
  {
    key: 'winners',
    label: '当選',
    text: (f) => counted(f.winners, '人'),
    note: '当選した人（あとで辞退した人も含みます）',
  },
  {
    key: 'confirmed',
    label: '受講者',
    text: (f) => counted(f.confirmed, '人'),
    note: '当選して受講が決まった人',
  },
  {
    key: 'declined',
    label: '辞退',
    text: (f) => counted(f.declined, '人'),
    note: '当選後に自分で辞退した人',
  },
  {
    key: 'lapsed',
    label: '期限切れ',
    text: (f) => counted(f.lapsed, '人'),
    note: '確認の期限までに受講を確定しなかった人',
  },
  {
    key: 'promoted',
    label: '繰り上げ当選',
    text: (f) => counted(f.promoted, '人'),
    note: '補欠から繰り上がった人',
  },
  {
    key: 'fill_rate',
    label: '充足率',
    text: (f) => percent(f.fill_rate),
    note: '定員のある講座の受講者 ÷ 定員',
  },
  {
    key: 'sessions_recorded',
    label: '出欠の記録',
    text: (f) => counted(f.sessions_recorded, '回'),
    note: '受講者の授業ごとの出欠の記録（出席・欠席・遅刻・早退）の数',
  },
  {
    key: 'sessions_attended',
    label: '出席',
    text: (f) => counted(f.sessions_attended, '回'),
    note: 'そのうち出席（遅刻・早退を含む）の数',
  },
  {
    key: 'attendance_rate',
    label: '出席率',
    text: (f) => percent(f.attendance_rate),
    note: '出欠の記録のうち、出席の割合',
  },
  {
    key: 'no_shows',
    label: '一度も出席しなかった人',
    text: (f) => counted(f.no_shows, '人'),
    note: '出席を記録した講座で、受講者なのに一度も出席しなかった人',
  },
  { key: 'completed', label: '修了', text: (f) => counted(f.completed, '人'), note: '受講済みになった人' },
  {
    key: 'units',
    label: '単位',
    text: (f) => counted(f.units, '単位'),
    note: '修了した人に与えた単位の合計',
  },
];

/** The table columns of the figures, after the row's name (the groups' and the years' tables). */
export function figureColumns<Row extends CourseFigures>(): StatColumn<Row>[] {
  return COURSE_FIGURES.map((f) => ({ label: f.label, cell: (row: Row) => f.text(row) }));
}
