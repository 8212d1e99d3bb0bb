import { and, count, eq } from 'drizzle-orm';
import { hashPassword } from '../../base/password';
import { drawCourse } from '../../modules/intake/draw';
import { tellRun } from '../../modules/intake/results';
import type { MailContext } from '../../platform/mail';
import type { Db, Tx } from '../client';
import {
  adminUsers,
  courseApplications,
  courseCategories,
  courseCategoryLinks,
  courseFees,
  courseSessions,
  courses,
  mailOutbox,
  noticeCategories,
  noticeReads,
  notices,
  payments,
  retentionPolicy,
  studentCalls,
  students,
  universities,
} from '../schema';
import { seedDemoPayments } from './demo-payments';

/** The embedded database is "empty" until the first admin exists. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(adminUsers);
  return (row?.n ?? 0) === 0;
}

const DAY = 86_400_000;

/** Today's date in Tokyo, shifted by whole days, as YYYY-MM-DD. */
function tokyoDate(offsetDays: number, now = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000 + offsetDays * DAY).toISOString().slice(0, 10);
}
/** A Tokyo wall-clock moment `offsetDays` from today. */
const at = (offsetDays: number, hhmm = '09:00') => new Date(`${tokyoDate(offsetDays)}T${hhmm}:00+09:00`);

/**
 * The first day of the current fiscal year (1 April, Tokyo): the demo's log-in students carry it as their
 * student ID's issue date, so their cards are valid whenever the demo is seeded (they expire on 31 March two
 * fiscal years on).
 */
export function fiscalYearStart(now = new Date()): string {
  const [y, m] = tokyoDate(0, now).split('-').map(Number) as [number, number];
  return `${m >= 4 ? y : y - 1}-04-01`;
}

const nameKey = (s: string) => s.normalize('NFKC').replace(/\s+/g, '');

interface DemoPasswords {
  admin: string;
  univ: string;
  student1: string;
  student2: string;
}

/** The demo accounts' passwords (README), hashed once. */
const demoPasswords = async (): Promise<DemoPasswords> => {
  const [admin, univ, student1, student2] = await Promise.all([
    hashPassword('adminpass1'),
    hashPassword('univpass01'),
    hashPassword('student01'),
    hashPassword('student02'),
  ]);
  return { admin, univ, student1, student2 };
};

/** Two universities, the programme office's administrator and one university's (authority 2). */
async function seedAccounts(tx: Tx, pw: DemoPasswords): Promise<void> {
  await tx.insert(universities).values([
    { id: 'U01', name: 'みなと学院大学' },
    { id: 'U02', name: '東都文化大学' },
  ]);
  await tx.insert(adminUsers).values([
    {
      loginId: 'admin',
      name: '事務局 管理者',
      email: 'admin@manabi.example.jp',
      passwordHash: pw.admin,
      authority: 1,
    },
    {
      loginId: 'univ01',
      name: 'みなと学院大学 担当',
      email: 'univ01@manabi.example.jp',
      passwordHash: pw.univ,
      authority: 2,
      universityId: 'U01',
    },
  ]);
}

/**
 * Approved students of two cohorts, and pending admissions: one duplicating 24040001, one from outside the
 * ward. Answers a lookup of a student's id by login id (the pending ones have none).
 */
async function seedStudents(tx: Tx, pw: DemoPasswords): Promise<(loginId: string) => number> {
  const studentRows = await tx
    .insert(students)
    .values([
      {
        loginId: '24040001',
        generationId: '2404',
        name: '山田 花子',
        nameKana: 'ヤマダ ハナコ',
        nameKey: nameKey('山田 花子'),
        postcode: '105-0011',
        pref: '東京都',
        streetName1: '港区芝公園',
        streetName2: '4',
        address: '2-8',
        streetName3: '',
        birthday: '1958-05-12',
        gender: 2,
        phone1: '03-1234-5678',
        mail1: 'hanako@example.jp',
        phone2: '090-1234-5678',
        emergencyName: '山田 一郎',
        emergencyRelation: '夫',
        emergencyPhone: '090-8765-4321',
        totalUnits: 12,
        filingDate: '2024-03-15',
        dateIssue: fiscalYearStart(),
        approvalStatus: '1',
        isAttendance: true,
        passwordHash: pw.student1,
      },
      {
        loginId: '24040002',
        generationId: '2404',
        name: '佐藤 健一',
        nameKana: 'サトウ ケンイチ',
        nameKey: nameKey('佐藤 健一'),
        postcode: '108-0074',
        pref: '東京都',
        streetName1: '港区高輪',
        streetName2: '3',
        address: '10-1',
        streetName3: 'コーポ高輪201',
        birthday: '1955-11-03',
        gender: 1,
        phone1: '03-2345-6789',
        mail1: 'kenichi@example.jp',
        totalUnits: 0,
        filingDate: '2024-03-20',
        dateIssue: fiscalYearStart(),
        approvalStatus: '1',
        isAttendance: false,
        passwordHash: pw.student2,
      },
      {
        loginId: '25040001',
        generationId: '2504',
        name: '鈴木 和子',
        nameKana: 'スズキ カズコ',
        nameKey: nameKey('鈴木 和子'),
        postcode: '106-0032',
        pref: '東京都',
        streetName1: '港区六本木',
        streetName2: '6',
        address: '1-1',
        birthday: '1960-02-28',
        gender: 2,
        phone1: '03-3456-7890',
        mail1: 'kazuko@example.jp',
        filingDate: '2025-03-10',
        dateIssue: '2025-04-01',
        approvalStatus: '1',
        passwordHash: null,
      },
      // one person entered twice (decision 069, 071): the office's duplicate list finds them (異体字, kana,
      // the phone typed without hyphens), and a merge moves 髙橋's course and units to 高橋
      {
        loginId: '24040003',
        generationId: '2404',
        name: '高橋 一郎',
        nameKana: 'タカハシ イチロウ',
        nameKey: nameKey('高橋 一郎'),
        postcode: '105-0014',
        pref: '東京都',
        streetName1: '港区芝',
        streetName2: '2',
        address: '5-6',
        birthday: '1949-09-15',
        gender: 1,
        phone1: '03-5555-0303',
        totalUnits: 15,
        filingDate: '2024-03-18',
        dateIssue: fiscalYearStart(),
        approvalStatus: '1',
        passwordHash: pw.student2,
      },
      {
        loginId: '25040002',
        generationId: '2504',
        name: '髙橋　一郎',
        nameKana: 'たかはし いちろう',
        nameKey: nameKey('髙橋　一郎'),
        postcode: '105-0014',
        pref: '東京都',
        streetName1: '港区芝',
        streetName2: '2',
        address: '5-6',
        birthday: '1949-09-15',
        gender: 1,
        phone1: '0355550303',
        mail1: 'ichiro.takahashi@example.jp',
        totalUnits: 10,
        filingDate: '2025-03-12',
        dateIssue: '2025-04-01',
        approvalStatus: '1',
        passwordHash: pw.student2,
      },
      {
        // withdrew six years ago (decision 072): past the default five years, so 「個人情報の保存期間」 lists
        // her as due, and its 「今すぐ消去する」 can be tried
        loginId: '19040007',
        generationId: '1904',
        name: '佐藤 節子',
        nameKana: 'サトウ セツコ',
        nameKey: nameKey('佐藤 節子'),
        postcode: '105-0011',
        pref: '東京都',
        streetName1: '港区芝公園',
        streetName2: '3',
        address: '7-1',
        birthday: '1941-02-20',
        gender: 2,
        phone1: '0355550404',
        totalUnits: 12,
        filingDate: '2019-03-01',
        dateIssue: '2019-04-01',
        approvalStatus: '4',
        withdrawnAt: new Date(Date.now() - 6 * 366 * 86_400_000),
        withdrawalReason: '転居のため（電話で申し出）',
        isEmail: false,
      },
      {
        // pending admission: same name and birthday as 24040001 (duplicate check)
        name: '山田　花子',
        nameKana: 'ヤマダ ハナコ',
        nameKey: nameKey('山田　花子'),
        postcode: '105-0011',
        pref: '東京都',
        streetName1: '港区芝公園',
        streetName2: '4',
        address: '2-8',
        birthday: '1958-05-12',
        gender: 2,
        phone1: '03-1234-5678',
        mail1: 'hanako.yamada@example.jp',
        filingDate: tokyoDate(-3),
        approvalStatus: '0',
        isAttendance: true,
      },
      {
        name: '高橋 誠',
        nameKana: 'タカハシ マコト',
        nameKey: nameKey('高橋 誠'),
        postcode: '107-0052',
        pref: '東京都',
        streetName1: '港区赤坂',
        streetName2: '5',
        address: '3-1',
        birthday: '1962-07-07',
        gender: 1,
        phone1: '03-5555-0101',
        filingDate: tokyoDate(-1),
        approvalStatus: '0',
        isAttendance: false,
      },
      {
        // pending admission from outside the ward (the form's caution); left pending for the list
        name: '伊藤 洋子',
        nameKana: 'イトウ ヨウコ',
        nameKey: nameKey('伊藤 洋子'),
        postcode: '141-0022',
        pref: '東京都',
        streetName1: '品川区東五反田',
        streetName2: '1',
        address: '6-3',
        birthday: '1965-11-03',
        gender: 2,
        phone1: '03-5555-0202',
        mail1: 'yoko.ito@example.jp',
        filingDate: tokyoDate(0),
        approvalStatus: '0',
        isAttendance: true,
      },
    ])
    .returning({ id: students.id, loginId: students.loginId });
  return (loginId) => studentRows.find((s) => s.loginId === loginId)!.id;
}

/** Course categories and courses in every state (open, before, closed, drawn, past, private). */
async function seedCourses(tx: Tx): Promise<(code: string) => number> {
  const cats = await tx
    .insert(courseCategories)
    .values([
      { name: '歴史・文化', sortNumber: 1 },
      { name: '健康・スポーツ', sortNumber: 2 },
      { name: '語学', sortNumber: 3 },
      { name: '地域・くらし', sortNumber: 4 },
    ])
    .returning({ id: courseCategories.id });

  const base = {
    content: '',
    allTimes: 15,
    venue: 'まなびプラザ 3階 講義室',
    streetAddress: '東京都港区芝公園4-2-8',
    unit: 1,
    tuitionFee: 0,
    materialCost: 0,
    capacity: 30,
    minimum: 10,
  };
  const courseRows = await tx
    .insert(courses)
    .values([
      {
        ...base,
        code: 'C2601',
        name: '江戸の町と暮らし',
        organ: 'まなび市民大学',
        periodFrom: at(-7),
        periodTo: at(14, '17:00'),
        period: '毎週火曜 10:00〜12:00',
        startDate: tokyoDate(30),
        content: '江戸の町の成り立ちと人びとの暮らしを、古地図や浮世絵から読み解きます。',
        keyword: '歴史 江戸',
        isCancelable: true,
      },
      {
        ...base,
        code: 'C2602',
        name: 'はじめての健康ヨガ',
        organ: 'まなび市民大学',
        periodFrom: at(-3),
        periodTo: at(10, '17:00'),
        period: '毎週木曜 14:00〜15:30',
        startDate: tokyoDate(25),
        content: '椅子に座ってできるやさしいヨガです。',
        keyword: '健康 ヨガ',
        materialCost: 500,
        isCancelable: true,
      },
      {
        ...base,
        code: 'C2603',
        name: 'みなと学院大学 公開講座「海と港の経済学」',
        organ: 'みなと学院大学',
        universityId: 'U01',
        periodFrom: at(-10),
        periodTo: at(5, '17:00'),
        period: '毎週水曜 13:00〜14:30',
        startDate: tokyoDate(20),
        content: '港が支えてきた経済の仕組みを学びます。',
        keyword: '経済 港',
        tuitionFee: 3000,
        tuitionFee1: 1500,
        isCancelable: false,
      },
      {
        ...base,
        code: 'C2604',
        name: '東都文化大学「日本の古典文学」',
        organ: '東都文化大学',
        universityId: 'U02',
        periodFrom: at(-5),
        periodTo: at(20, '17:00'),
        period: '毎週金曜 10:30〜12:00',
        startDate: tokyoDate(35),
        content: '源氏物語から徒然草まで、古典の名作を味わいます。',
        keyword: '文学 古典',
        tuitionFee: 4000,
        isCancelable: false,
      },
      {
        ...base,
        code: 'C2605',
        name: 'スマートフォン入門',
        organ: 'まなび市民大学',
        periodFrom: at(20),
        periodTo: at(40, '17:00'),
        period: '毎週月曜 10:00〜11:30',
        startDate: tokyoDate(60),
        content: '電話のかけ方から写真の送り方まで、ゆっくり学びます。',
        keyword: 'スマホ IT',
      },
      {
        ...base,
        code: 'C2606',
        name: 'やさしい英会話',
        organ: 'まなび市民大学',
        periodFrom: at(30),
        periodTo: at(50, '17:00'),
        period: '毎週土曜 10:00〜11:30',
        startDate: tokyoDate(70),
        keyword: '語学 英語',
      },
      {
        ...base,
        code: 'C2607',
        name: 'みなと学院大学「地域の防災」',
        organ: 'みなと学院大学',
        universityId: 'U01',
        periodFrom: at(15),
        periodTo: at(30, '17:00'),
        period: '隔週火曜 13:00〜15:00',
        startDate: tokyoDate(45),
        keyword: '防災 地域',
        isCancelable: false,
      },
      {
        ...base,
        code: 'C2501',
        name: '港区の歴史散歩',
        organ: 'まなび市民大学',
        periodFrom: at(-120),
        periodTo: at(-90, '17:00'),
        period: '毎週火曜 10:00〜12:00',
        startDate: tokyoDate(-80),
        keyword: '歴史 散歩',
        unit: 2,
      },
      {
        ...base,
        code: 'C2502',
        name: '健康づくりウォーキング',
        organ: 'まなび市民大学',
        periodFrom: at(-100),
        periodTo: at(-70, '17:00'),
        period: '毎週木曜 9:30〜11:00',
        startDate: tokyoDate(-60),
        keyword: '健康 ウォーキング',
      },
      {
        ...base,
        code: 'C2503',
        name: 'みなと学院大学「世界の港町」',
        organ: 'みなと学院大学',
        universityId: 'U01',
        periodFrom: at(-60),
        periodTo: at(-30, '17:00'),
        period: '毎週水曜 13:00〜14:30',
        startDate: tokyoDate(-20),
        keyword: '地理 港',
        isCancelable: false,
        tuitionFee: 3000,
      },
      {
        ...base,
        code: 'C2608',
        name: '【非公開】講師研修講座',
        organ: 'まなび市民大学',
        periodFrom: at(-5),
        periodTo: at(25, '17:00'),
        period: '不定期',
        status: '2',
        keyword: '研修',
      },
      {
        ...base,
        code: 'C2504',
        // the students who took it read its name on their 受講履歴 and transcript: it says the course ended,
        // not the office's 非公開 (its status says that, on the office's list)
        name: '【終了】書道入門',
        organ: 'まなび市民大学',
        periodFrom: at(-200),
        periodTo: at(-170, '17:00'),
        period: '毎週金曜 13:00〜15:00',
        startDate: tokyoDate(-160),
        status: '2',
        keyword: '書道',
        unit: 1,
      },
    ])
    .returning({ id: courses.id, code: courses.code });
  const cid = (code: string) => courseRows.find((c) => c.code === code)!.id;

  await tx.insert(courseCategoryLinks).values([
    { courseId: cid('C2601'), categoryId: cats[0]!.id },
    { courseId: cid('C2602'), categoryId: cats[1]!.id },
    { courseId: cid('C2603'), categoryId: cats[3]!.id },
    { courseId: cid('C2604'), categoryId: cats[0]!.id },
    { courseId: cid('C2605'), categoryId: cats[3]!.id },
    { courseId: cid('C2606'), categoryId: cats[2]!.id },
    { courseId: cid('C2607'), categoryId: cats[3]!.id },
    { courseId: cid('C2501'), categoryId: cats[0]!.id },
    { courseId: cid('C2502'), categoryId: cats[1]!.id },
    { courseId: cid('C2503'), categoryId: cats[3]!.id },
  ]);
  return cid;
}

/** Applicants in every lottery status, cancelled ones, and past courses with attendance and units. */
async function seedApplications(tx: Tx, sid: (loginId: string) => number, cid: (code: string) => number) {
  const s1 = sid('24040001');
  const s2 = sid('24040002');
  const s3 = sid('25040001');
  const full = (v: string) => Array.from({ length: 15 }, () => v);
  const attended = ['1', '1', '1', '2', '1', '1', '1', '1', '3', '1', '1', '1', '2', '1', '1'];
  await tx.insert(courseApplications).values([
    // lottery statuses 1..4 all present
    { courseId: cid('C2601'), studentId: s1, lotteryStatus: '1', howApply: '1' },
    { courseId: cid('C2601'), studentId: s2, lotteryStatus: '1', howApply: '2' },
    { courseId: cid('C2603'), studentId: s1, lotteryStatus: '2', howApply: '1' },
    { courseId: cid('C2603'), studentId: s3, lotteryStatus: '3', howApply: '3' },
    { courseId: cid('C2604'), studentId: s2, lotteryStatus: '4', howApply: '1', cancelledAt: at(-1) },
    // past courses with attendance and units for 24040001
    {
      courseId: cid('C2501'),
      studentId: s1,
      lotteryStatus: '2',
      attendanceStatus: '3',
      attendance: attended,
      acquisitionUnit: 26,
      attendanceUpdatedAt: at(-10),
    },
    {
      courseId: cid('C2502'),
      studentId: s1,
      lotteryStatus: '2',
      attendanceStatus: '3',
      attendance: full('1'),
      acquisitionUnit: 15,
      attendanceUpdatedAt: at(-5),
    },
    {
      courseId: cid('C2503'),
      studentId: s1,
      lotteryStatus: '2',
      attendanceStatus: '2',
      attendance: [...full('1').slice(0, 6), ...full('0').slice(0, 9)],
      acquisitionUnit: 6,
      attendanceUpdatedAt: at(-2),
    },
    {
      courseId: cid('C2504'),
      studentId: s1,
      lotteryStatus: '2',
      attendanceStatus: '3',
      attendance: full('1'),
      acquisitionUnit: 15,
      attendanceUpdatedAt: at(-150),
    },
    { courseId: cid('C2502'), studentId: s2, lotteryStatus: '3', howApply: '2' },
    // the person entered twice: a course finished under each record
    {
      courseId: cid('C2504'),
      studentId: sid('24040003'),
      lotteryStatus: '2',
      attendanceStatus: '3',
      attendance: full('1'),
      acquisitionUnit: 15,
      attendanceUpdatedAt: at(-150),
    },
    {
      courseId: cid('C2501'),
      studentId: sid('25040002'),
      lotteryStatus: '2',
      attendanceStatus: '3',
      attendance: attended,
      acquisitionUnit: 10,
      attendanceUpdatedAt: at(-12),
    },
  ]);
}

/** Notices to every audience (everyone, a cohort, a course's applicants), a draft, an expired one, a read. */
async function seedNotices(tx: Tx, sid: (loginId: string) => number, cid: (code: string) => number) {
  const s1 = sid('24040001');
  const noticeCats = await tx
    .insert(noticeCategories)
    .values([
      { name: '重要なお知らせ', sortNumber: 1 },
      { name: '講座のご案内', sortNumber: 2 },
      { name: '事務局から', sortNumber: 3 },
    ])
    .returning({ id: noticeCategories.id });
  const inserted = await tx
    .insert(notices)
    .values([
      {
        categoryId: noticeCats[0]!.id,
        title: '年末年始の窓口休業について',
        content:
          '12月29日から1月3日まで、事務局の窓口はお休みします。\nお急ぎの方はマイページのお問い合わせをご利用ください。',
        periodFrom: at(-2),
        publishedTo: 1,
        // 重要 (decision 065): the publisher list follows who has not read it, and it can be posted
        isImportant: true,
      },
      {
        categoryId: noticeCats[1]!.id,
        title: '新しい講座の申込みが始まりました',
        content: '「江戸の町と暮らし」「はじめての健康ヨガ」の申込みを受け付けています。',
        periodFrom: at(-7),
        publishedTo: 1,
        referenceUrl1: 'https://www.city.example.jp/manabi/',
      },
      {
        categoryId: noticeCats[2]!.id,
        title: '2404期生の皆さまへ：修了式のご案内',
        content: '2404期生の修了式を3月に行います。詳しくは後日お送りする案内状をご覧ください。',
        periodFrom: at(-4),
        publishedTo: 2,
        generationId: '2404',
      },
      {
        categoryId: noticeCats[1]!.id,
        title: '「海と港の経済学」当選者の方へ',
        content: '当選された方は、初回の授業に筆記用具をお持ちください。',
        periodFrom: at(-1),
        publishedTo: 3,
        courseId: cid('C2603'),
        lotteryStatus: '2',
      },
      {
        categoryId: noticeCats[2]!.id,
        title: '「江戸の町と暮らし」申込者の皆さまへ',
        content: '抽選結果は申込期間終了後にマイページでお知らせします。',
        periodFrom: at(-1),
        publishedTo: 3,
        courseId: cid('C2601'),
      },
      {
        categoryId: noticeCats[0]!.id,
        title: '【下書き】来年度の募集について',
        content: '非公開のお知らせです。',
        periodFrom: at(-1),
        publishedTo: 1,
        isControl: '2',
      },
      {
        categoryId: noticeCats[2]!.id,
        title: '2504期生の皆さまへ',
        content: '2504期生向けのお知らせです。',
        periodFrom: at(-3),
        publishedTo: 2,
        generationId: '2504',
      },
      {
        categoryId: noticeCats[1]!.id,
        title: '秋の特別講演会（終了）',
        content: '掲載期間が終わったお知らせです。',
        periodFrom: at(-60),
        periodTo: at(-30),
        publishedTo: 1,
      },
    ])
    .returning({ id: notices.id });
  // 24040001 has already read one notice to everyone
  await tx.insert(noticeReads).values({ studentId: s1, noticeId: inserted[1]!.id });
}

/**
 * The intake cycle (decision 015): a cohort of 2509 (no passwords: they stay out of the other journeys),
 * a closed lottery course they wait on (C2610, ready to draw) and one drawn with a ranked waitlist and a
 * confirmation period through the real draw (C2611: its run record re-verifies).
 */
/** The intake cohort's students who take no mail, and the one whose address bounced (decision 065). */
const NO_MAIL = new Set([2, 5]);
const BOUNCED = 4;

async function seedIntake(tx: Tx, mail: MailContext) {
  const cohort = ['坂本 春江', '石井 正男', '中村 秋子', '小林 冬樹', '加藤 夏美', '吉田 明'].map(
    (name, i) => ({
      loginId: `250900${String(i + 1).padStart(2, '0')}`,
      generationId: '2509',
      name,
      nameKana:
        [
          'サカモト ハルエ',
          'イシイ マサオ',
          'ナカムラ アキコ',
          'コバヤシ フユキ',
          'カトウ ナツミ',
          'ヨシダ アキラ',
        ][i] ?? '',
      nameKey: nameKey(name),
      pref: '東京都',
      streetName1: i % 2 ? '品川区大井' : '港区三田',
      streetName2: '1',
      address: `${i + 1}-1`,
      birthday: `195${i}-04-0${i + 1}`,
      gender: (i % 2) + 1,
      phone1: `03-5555-000${i}`,
      // 中村 秋子 and 吉田 明 take no mail: their results wait for a letter on the contact list (decision 065)
      ...(NO_MAIL.has(i) ? { mail1: '', isEmail: false } : { mail1: `intake${i + 1}@example.jp` }),
      // 加藤 夏美's address was refused by the mail server: 「メールが届きません」
      ...(i === BOUNCED
        ? {
            mailBouncedAddress: `intake${i + 1}@example.jp`,
            mailBouncedAt: at(-1, '18:05'),
            mailBounceReason: '550 5.1.1 （宛先）: User unknown',
          }
        : {}),
      postcode: '108-0073',
      filingDate: '2025-08-20',
      dateIssue: '2025-09-01',
      approvalStatus: '1',
      passwordHash: null,
    }),
  );
  const ids = (await tx.insert(students).values(cohort).returning({ id: students.id })).map((r) => r.id);
  const lottery = {
    content: '',
    allTimes: 10,
    venue: 'まなびプラザ 2階 和室',
    streetAddress: '東京都港区芝公園4-2-8',
    unit: 1,
    capacity: 3,
    isLottery: true,
    periodFrom: at(-20),
    periodTo: at(-1, '17:00'),
  };
  const [ready, drawn, calligraphy] = await tx
    .insert(courses)
    .values([
      {
        ...lottery,
        code: 'C2610',
        name: 'はじめての俳句',
        organ: 'まなび市民大学',
        period: '毎週金曜 10:00〜11:30',
        startDate: tokyoDate(14),
        keyword: '俳句 文学',
      },
      {
        ...lottery,
        code: 'C2611',
        name: '港区の歴史散歩',
        organ: 'まなび市民大学',
        period: '隔週土曜 9:30〜12:00',
        startDate: tokyoDate(10),
        keyword: '歴史 散歩',
        capacity: 2,
      },
      {
        ...lottery,
        code: 'C2614',
        name: 'やさしい書道',
        organ: 'まなび市民大学',
        period: '毎週火曜 13:00〜14:30',
        startDate: tokyoDate(12),
        keyword: '書道 文字',
        capacity: 2,
        // its rule asks payment before the first class: a seat that costs nothing would ask none (decision 086)
        tuitionFee: 2000,
      },
    ])
    .returning();
  if (!ready || !drawn || !calligraphy) throw new Error('demo intake courses not inserted');
  // fee rules (decision 077): 俳句 by a fixed day, 書道 without the automatic lapse (the office decides)
  await tx.insert(courseFees).values([
    { courseId: ready.id, ...DEMO_TRANSFER, payByDate: tokyoDate(7), autoLapse: true, refundDays: 3 },
    { courseId: calligraphy.id, ...DEMO_COUNTER, payDays: 5, autoLapse: false, refundDays: null },
  ]);
  await tx.insert(courseApplications).values([
    ...ids.slice(0, 4).map((studentId) => ({ courseId: ready.id, studentId, howApply: '1' })),
    ...ids.map((studentId) => ({ courseId: drawn.id, studentId, howApply: '1' })),
    // 中村 秋子 applied by telephone: the office entered it (how_apply 電話)
    ...ids
      .slice(1, 4)
      .map((studentId, i) => ({ courseId: calligraphy.id, studentId, howApply: i === 1 ? '2' : '1' })),
  ]);
  const run1 = await drawCourse(
    tx,
    mail,
    { kind: 'system', id: null, name: '事務局（デモデータ）' },
    drawn,
    { winNum: 2, waitlist: true, confirmDays: 7, tiers: ['ward_resident'] },
    at(-1, '18:00'),
  );
  // the seed has no course lock to free: the results in the same transaction
  if (run1) await tellRun(tx, mail, run1.runId);
  // 書道: winners with two days to confirm who have not opened their result — the contact list's first rows
  const run4 = await drawCourse(
    tx,
    mail,
    { kind: 'system', id: null, name: '事務局（デモデータ）' },
    calligraphy,
    { winNum: 2, waitlist: true, confirmDays: 2, tiers: [] },
    at(-1, '18:00'),
  );
  if (run4) await tellRun(tx, mail, run4.runId);
  // one 書道 winner's pay-by day has passed unpaid: the work list's 未入金・期限切れ
  const [late] = await tx
    .select({ id: courseApplications.id })
    .from(courseApplications)
    .where(and(eq(courseApplications.courseId, calligraphy.id), eq(courseApplications.lotteryStatus, '2')))
    .orderBy(courseApplications.id)
    .limit(1);
  if (late)
    await tx
      .update(courseApplications)
      .set({ payBy: at(-1, '23:59') })
      .where(eq(courseApplications.id, late.id));
  await seedCalls(tx, ids);
}

/** One call already made, so a newcomer sees the record on the contact list and on the student's page. */
async function seedCalls(tx: Tx, ids: number[]) {
  const [office] = await tx
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(adminUsers.loginId, 'admin'));
  // 中村 秋子 takes no mail: always on the list, her results waiting for a letter
  const who = ids[2];
  if (!office || who === undefined) return;
  await tx.insert(studentCalls).values({
    studentId: who,
    adminId: office.id,
    outcome: '2',
    note: '留守番電話でした。夕方にもう一度おかけします。',
    calledAt: at(-1, '16:30'),
  });
}

/** Weekly class days from `firstOffset` days after today (Tokyo), as course_sessions rows. */
const weekly = (courseId: number, firstOffset: number, n: number, start: string, end: string, room: string) =>
  Array.from({ length: n }, (_, i) => ({
    courseId,
    no: i + 1,
    day: tokyoDate(firstOffset + 7 * i),
    startsAt: start,
    endsAt: end,
    room,
  }));

/**
 * The cycle a newcomer can try with the two log-in students (README "Try the cycle in five minutes"):
 * - はじめての水彩画 (C2612, one seat, drawn through the real draw): 24040001 won it and must confirm or
 *   decline by a deadline a week ahead; 24040002, drawn later into the waitlist, is 補欠1 — a decline by
 *   24040001 moves 24040002 up (繰り上げ当選). Two draws, so who wins is certain: 24040001 alone first,
 *   then 24040002 (an application the office added after the draw) into the waitlist after her.
 * - 朝の健康体操 (C2613, first come) has a class today: 24040001 holds a seat, so the desk (受付) can check her in
 *   with her student ID's code or her number; two more students are expected.
 */
async function seedCycle(tx: Tx, mail: MailContext, sid: (loginId: string) => number, now: Date) {
  const s1 = sid('24040001');
  const s2 = sid('24040002');
  const [watercolour, exercise] = await tx
    .insert(courses)
    .values([
      {
        code: 'C2612',
        name: 'はじめての水彩画',
        organ: 'まなび市民大学',
        content: '身近な草花を、透明水彩でやさしく描きます。道具の使い方から始めます。',
        period: '毎週水曜 13:30〜15:00',
        venue: 'まなびプラザ 4階 美術室',
        streetAddress: '東京都港区芝公園4-2-8',
        periodFrom: at(-14),
        periodTo: at(-1, '17:00'),
        startDate: tokyoDate(21),
        allTimes: 6,
        unit: 1,
        capacity: 1,
        isLottery: true,
        tuitionFee: 3000,
        materialCost: 800,
        keyword: '絵 水彩',
        bring: '筆記用具、汚れてもよい服装',
      },
      {
        code: 'C2613',
        name: '朝の健康体操',
        organ: 'まなび市民大学',
        content: '椅子を使った、無理のない体操で一日を始めます。',
        period: '毎週 10:00〜11:00',
        venue: 'まなびプラザ 1階 多目的室',
        streetAddress: '東京都港区芝公園4-2-8',
        periodFrom: at(-30),
        periodTo: at(-2, '17:00'),
        startDate: tokyoDate(0),
        allTimes: 4,
        unit: 1,
        capacity: 20,
        isLottery: false,
        keyword: '健康 体操',
        bring: 'タオル、飲み物',
      },
    ])
    .returning();
  if (!watercolour || !exercise) throw new Error('demo cycle courses not inserted');
  await tx
    .insert(courseSessions)
    .values([
      ...weekly(watercolour.id, 21, 6, '13:30', '15:00', '4階 美術室'),
      ...weekly(exercise.id, 0, 4, '10:00', '11:00', '1階 多目的室'),
    ]);

  // 水彩画 asks payment by bank transfer within 7 days, lapsing by itself: the draw charges 24040001's seat
  await tx.insert(courseFees).values({
    courseId: watercolour.id,
    ...DEMO_TRANSFER,
    payDays: 7,
    autoLapse: true,
    refundDays: 7,
  });
  const office = { kind: 'system', id: null, name: '事務局（デモデータ）' } as const;
  const draw = { waitlist: true, confirmDays: 7, tiers: [] };
  await tx.insert(courseApplications).values({ courseId: watercolour.id, studentId: s1, howApply: '1' });
  const run2 = await drawCourse(
    tx,
    mail,
    office,
    watercolour,
    { ...draw, winNum: 1 },
    new Date(now.getTime() - 60 * 60_000),
  );
  if (run2) await tellRun(tx, mail, run2.runId);
  // 24040001 has paid part of it (the payment screens would record this; the demo writes the row)
  const [seat] = await tx
    .select({ id: courseApplications.id })
    .from(courseApplications)
    .where(eq(courseApplications.courseId, watercolour.id));
  if (seat)
    await tx.insert(payments).values({
      applicationId: seat.id,
      courseId: watercolour.id,
      studentId: s1,
      amount: 1000,
      paidOn: tokyoDate(0),
      method: 'bank',
      source: 'manual',
      payerName: 'ﾏﾅﾋﾞ ﾊﾅｺ',
      note: 'デモ：一部の入金',
    });
  await tx.insert(courseApplications).values({ courseId: watercolour.id, studentId: s2, howApply: '3' });
  const run3 = await drawCourse(
    tx,
    mail,
    office,
    watercolour,
    { ...draw, winNum: 0 },
    new Date(now.getTime() - 30 * 60_000),
  );
  if (run3) await tellRun(tx, mail, run3.runId);

  await seedPaidSeat(tx, s2);

  const expected = await tx
    .select({ id: students.id })
    .from(students)
    .where(eq(students.generationId, '2509'))
    .orderBy(students.id)
    .limit(2);
  await tx.insert(courseApplications).values(
    [s1, ...expected.map((r) => r.id)].map((studentId) => ({
      courseId: exercise.id,
      studentId,
      howApply: '1',
      lotteryStatus: '2',
    })),
  );
}

/**
 * 季節の料理教室 (C2615, first come, paid at the counter within 14 days, a full refund until 7 days before the
 * first class a month ahead): 24040002 holds a seat paid in full, so its cancellation shows the refund due.
 */
async function seedPaidSeat(tx: Tx, studentId: number) {
  const [cooking] = await tx
    .insert(courses)
    .values({
      code: 'C2615',
      name: '季節の料理教室',
      organ: 'まなび市民大学',
      content: '旬の野菜を使った、家庭で作れる料理を学びます。',
      period: '毎月第2木曜 10:00〜12:30',
      venue: 'まなびプラザ 3階 調理室',
      streetAddress: '東京都港区芝公園4-2-8',
      periodFrom: at(-10),
      periodTo: at(20, '17:00'),
      startDate: tokyoDate(30),
      allTimes: 3,
      unit: 1,
      capacity: 16,
      isLottery: false,
      tuitionFee: 2500,
      materialCost: 500,
      keyword: '料理',
    })
    .returning();
  if (!cooking) throw new Error('demo paid course not inserted');
  await tx.insert(courseSessions).values(weekly(cooking.id, 30, 3, '10:00', '12:30', '3階 調理室'));
  await tx
    .insert(courseFees)
    .values({ courseId: cooking.id, ...DEMO_COUNTER, payDays: 14, autoLapse: true, refundDays: 7 });
  const [seat] = await tx
    .insert(courseApplications)
    .values({
      courseId: cooking.id,
      studentId,
      howApply: '1',
      lotteryStatus: '2',
      amountDue: 3000,
      payBy: at(10, '23:59'),
      paidAt: at(-1, '11:00'),
    })
    .returning({ id: courseApplications.id });
  if (!seat) throw new Error('demo paid seat not inserted');
  await tx.insert(payments).values({
    applicationId: seat.id,
    courseId: cooking.id,
    studentId,
    amount: 3000,
    paidOn: tokyoDate(-1),
    method: 'counter',
    source: 'manual',
    note: 'デモ：窓口で全額',
  });
}

/** How the demo's courses ask to be paid (decision 077): the office's own words. */
const DEMO_TRANSFER = {
  required: true,
  howToPay:
    'まなび銀行 芝公園支店 普通 1234567 マナビシミンダイガク へお振り込みください。振込依頼人名の前に学生番号（8桁）を入れてください。',
} as const;
const DEMO_COUNTER = {
  required: true,
  howToPay: 'まなびプラザ 1階 事務局窓口（平日 9:00〜17:00）で現金でお支払いください。',
} as const;

/** What the demo's draw needs when no configuration is given (`npm run seed:demo`). */
const DEMO_MAIL: MailContext = {
  publicUrl: 'http://localhost:3000',
  officeMail: 'office@manabi.example.jp',
  officePhone: '03-0000-0000',
  officeHours: '平日 9:00〜17:00',
  confirmDaySeconds: 86_400,
};

/**
 * Demo data (ARCHITECTURE.md "Demo data"): accounts, courses in every state, applicants in every
 * lottery status, attendance, a pending admission that duplicates a student, notices to every audience,
 * the intake cycle's courses, and the cycle the log-in students can try (a result to confirm, a 補欠 place,
 * a class today). Dates are relative to today (Asia/Tokyo) so the demo stays valid. One transaction.
 */
export async function seedDemo(db: Db, mail: MailContext = DEMO_MAIL): Promise<void> {
  const pw = await demoPasswords();
  await db.transaction(async (tx) => {
    await seedAccounts(tx, pw);
    const sid = await seedStudents(tx, pw);
    const cid = await seedCourses(tx);
    await seedApplications(tx, sid, cid);
    await seedNotices(tx, sid, cid);
    await seedIntake(tx, mail);
    await seedCycle(tx, mail, sid, new Date());
    await seedUndeliveredMail(tx);
    await seedReportYear(tx);
    await seedDemoPayments(tx);
    // the demo's retention rule erases by hand only (decision 072): left to the monthly round, its first round
    // would erase 佐藤 節子 a minute after start, before a newcomer could see the dry run list her
    await tx.update(retentionPolicy).set({ auto: false });
  });
}

/**
 * One mail the outbox gave up on, so the back office's work list shows its 届かなかったメール card and a newcomer
 * can try 再送する (decision 057): a notice to a student whose address the mail server refused.
 */
async function seedUndeliveredMail(tx: Tx) {
  await tx.insert(mailOutbox).values({
    to: 'kazuko@example.jp',
    subject: '【まなび】講座の日程変更のお知らせ',
    body: '受講中の講座の日程が変わりました。マイページでご確認ください。',
    status: 'failed',
    attempts: 5,
    lastError: 'Error: 552 5.2.2 <kazuko@example.jp>: Mailbox full',
    createdAt: at(-1, '10:00'),
  });
}

/** Used by `npm run seed:demo` on a server database: refuses to seed twice. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  const [taken] = await db.select({ id: students.id }).from(students).where(eq(students.loginId, '24040001'));
  if (taken) return false;
  await seedDemo(db);
  return true;
}

/** Whole days from `from` to `to` ('YYYY-MM-DD'). */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY);

const REPORT_COHORT = [
  ['森 和子', 'モリ カズコ', '1948-06-02', 2, '港区芝'],
  ['林 敏夫', 'ハヤシ トシオ', '1951-02-11', 1, '港区白金'],
  ['清水 節子', 'シミズ セツコ', '1955-09-30', 2, '港区高輪'],
  ['山口 勇', 'ヤマグチ イサム', '1944-12-24', 1, '港区麻布十番'],
  ['松本 礼子', 'マツモト レイコ', '1960-03-15', 2, '品川区大崎'],
  ['井上 茂', 'イノウエ シゲル', '1958-08-08', 1, '港区芝浦'],
  ['木村 幸子', 'キムラ サチコ', '1963-01-20', 2, '港区南青山'],
  ['斎藤 弘', 'サイトウ ヒロシ', '1949-11-05', 1, '渋谷区恵比寿'],
  ['山本 恵子', 'ヤマモト ケイコ', '1966-04-18', 2, '港区三田'],
  ['池田 進', 'イケダ ススム', '1953-07-07', 1, '港区赤坂'],
  ['橋本 道子', 'ハシモト ミチコ', '1947-10-10', 2, '港区芝'],
  ['阿部 清', 'アベ キヨシ', '1972-05-25', 1, '目黒区中目黒'],
] as const;

/**
 * The statistics console's year (decision 059): finished courses of this fiscal year and of the last, with
 * winners, 辞退, 繰り上げ, attendance and units, applied for by a cohort of their own (no log-in), so the
 * report shows meaningful numbers and a year-over-year comparison. Nothing here touches the rows the journeys
 * use. Class days fall between the fiscal year's first day and two weeks ago (last year's, when the year is
 * younger than that).
 */
async function seedReportYear(tx: Tx) {
  const fyStart = fiscalYearStart();
  const room = daysBetween(fyStart, tokyoDate(0)) - 14;
  const thisYear = (share: number) => (room > 0 ? -(14 + Math.floor(room * share)) : -(20 + share * 200));
  const lastYear = (daysBefore: number) => -(daysBetween(fyStart, tokyoDate(0)) + daysBefore);
  const cohort = REPORT_COHORT.map(([name, nameKana, birthday, gender, town], i) => ({
    loginId: `${i < 6 ? '2504' : '2604'}90${String(i + 1).padStart(2, '0')}`,
    generationId: i < 6 ? '2504' : '2604',
    name,
    nameKana,
    nameKey: nameKey(name),
    pref: '東京都',
    streetName1: town,
    birthday,
    gender,
    filingDate: i < 6 ? '2025-03-10' : fyStart,
    // this year's cohort approved month by month, so the admissions chart has a shape
    dateIssue: i < 6 ? '2025-04-01' : tokyoDate(Math.min(thisYear(i / 12) + 10, 0)),
    approvalStatus: '1',
    passwordHash: null,
  }));
  const ids = (await tx.insert(students).values(cohort).returning({ id: students.id })).map((r) => r.id);
  const finished = (code: string, name: string, organ: string, offset: number) => ({
    content: '',
    code,
    name: `【終了】${name}`,
    organ,
    universityId: organ === 'みなと学院大学' ? 'U01' : null,
    allTimes: 10,
    venue: 'まなびプラザ 3階 講義室',
    streetAddress: '東京都港区芝公園4-2-8',
    unit: 1,
    capacity: 8,
    isLottery: true,
    periodFrom: at(offset - 40),
    periodTo: at(offset - 20, '17:00'),
    period: '毎週月曜 10:00〜12:00',
    startDate: tokyoDate(offset),
  });
  const plan = [
    ['C2620', '季節の草花スケッチ', 'まなび市民大学', thisYear(0.9)],
    ['C2621', 'シニアの中国語会話', 'まなび市民大学', thisYear(0.6)],
    ['C2622', 'みなと学院大学「干潟の生き物」', 'みなと学院大学', thisYear(0.4)],
    ['C2623', '相続と遺言の基礎', 'まなび市民大学', thisYear(0.1)],
    ['C2520', '太極拳入門', 'まなび市民大学', lastYear(60)],
    ['C2521', '古地図でたどる町の変遷', 'まなび市民大学', lastYear(150)],
    ['C2522', 'みなと学院大学「船の文化史」', 'みなと学院大学', lastYear(250)],
  ] as const;
  const made = await tx
    .insert(courses)
    .values(plan.map(([code, name, organ, offset]) => finished(code, name, organ, offset)))
    .returning({ id: courses.id });
  const cats = await tx
    .select({ id: courseCategories.id })
    .from(courseCategories)
    .orderBy(courseCategories.sortNumber);
  await tx.insert(courseCategoryLinks).values(
    made.flatMap((c, i) => {
      const cat = cats[i % cats.length];
      return cat ? [{ courseId: c.id, categoryId: cat.id }] : [];
    }),
  );
  await tx
    .insert(courseApplications)
    .values(made.flatMap((c, k) => reportApplications(c.id, ids, k, plan[k]?.[3] ?? 0)));
}

/**
 * A finished course's applicants (8 seats): eleven of the cohort, one left out in turn. Nine won: one declined,
 * one let the deadline pass and one moved up from the waitlist in their place; one lost the draw, one cancelled,
 * and on every other course one never came. Attendance of ten sessions varies by person; 8 or more is 修了.
 */
function reportApplications(courseId: number, ids: number[], k: number, firstDay: number) {
  const people = ids.filter((_, i) => i !== k % ids.length);
  return people.map((studentId, i) => {
    const attendance = Array.from({ length: 15 }, (_, n) =>
      n >= 10 ? '0' : (n + i + k) % 7 === 0 ? '2' : (n * i + k) % 11 === 5 ? '3' : '1',
    );
    const attended = attendance.filter((v) => v === '1' || v === '3').length;
    const won = { lotteryStatus: '2', attendance, attendanceStatus: attended >= 8 ? '3' : '2' };
    const row = { courseId, studentId, howApply: '1', createdAt: at(firstDay - 35 + (i % 10)) };
    if (i === 0) return { ...row, lotteryStatus: '6', declineReason: 'declined' };
    if (i === 1) return { ...row, lotteryStatus: '6', declineReason: 'lapsed' };
    if (i === 2) return { ...row, lotteryStatus: '3' };
    if (i === 3) return { ...row, lotteryStatus: '1', cancelledAt: at(firstDay - 25) };
    if (i === 4 && k % 2 === 0)
      return { ...row, ...won, attendance: Array(15).fill('0'), attendanceStatus: '1' };
    return {
      ...row,
      ...won,
      acquisitionUnit: attended >= 8 ? attended : 0,
      ...(i === 5 ? { promotedAt: at(firstDay - 5) } : {}),
    };
  });
}
