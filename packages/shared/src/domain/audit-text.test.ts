import { describe, expect, it } from 'vitest';
import { AUDIT_ACTION_WORDS } from '../schemas/audit';
import { auditActionText, auditActorText, auditDetailLines, auditViaText } from './audit-text';

describe('an audit entry in words', () => {
  it('reads codes as their names, instants as dates, yes/no in words, and keeps an unknown field', () => {
    expect(
      auditDetailLines({
        course_id: 12,
        student_id: 3,
        lottery_status: '2',
        previous_lottery_status: '3',
        how_apply: '2',
        waitlisted: true,
        confirm_by: '2026-12-01T00:00:00.000Z',
        outcome: '3',
        channel: '2',
        ids: [1, 2, 3],
        count: 1200,
        brand_new_field: 'x',
        note: '',
      }),
    ).toEqual([
      '抽選状況：当選',
      '変更前の抽選状況：落選',
      '申込方法：電話',
      '補欠で受付：はい',
      '確定の期限：2026年12月1日 09:00',
      '電話の結果：伝言',
      '連絡方法：電話',
      '対象の件数：3件',
      '件数：1,200',
      'brand_new_field：x',
      'メモ：—',
    ]);
    expect(auditDetailLines(null)).toEqual([]);
  });

  it('reads an update as before → after, and names the person’s data it changed without its values', () => {
    expect(
      auditDetailLines({
        changes: {
          lotteryStatus: ['1', '2'],
          attendance3: ['0', '1'],
          totalUnits: [10, 12],
          isGraduation: [false, true],
        },
        changed_fields: ['name', 'phone1'],
      }),
    ).toEqual([
      '抽選状況：抽選待ち → 当選',
      '第3回の出欠：－（未実施） → 出席',
      '累計単位：10 → 12',
      '修了：いいえ → はい',
      '変更した項目：氏名、電話番号1（内容は記録していません）',
    ]);
  });

  it('reads a course’s fields as the course form names them', () => {
    expect(
      auditDetailLines(
        {
          status: '1',
          changes: { name: ['江戸の町', '江戸の町と暮らし'], capacity: [30, 40], status: ['2', '1'] },
          changed_fields: ['content'],
        },
        'course',
      ),
    ).toEqual([
      '公開状態：公開',
      '講座名：江戸の町 → 江戸の町と暮らし',
      '定員：30 → 40',
      '公開状態：非公開 → 公開',
      '変更した項目：内容（内容は記録していません）',
    ]);
    // the same field of a student is the person's name
    expect(auditDetailLines({ changed_fields: ['name'] }, 'student')).toEqual([
      '変更した項目：氏名（内容は記録していません）',
    ]);
  });

  it('names the act, with its record where the act alone would not say what changed', () => {
    expect(auditActionText({ action: 'update', entity: 'course_application' })).toBe('申込の変更');
    expect(auditActionText({ action: 'create', entity: 'student' })).toBe('学生の登録');
    expect(auditActionText({ action: 'promote', entity: 'course_application' })).toBe('繰り上げ当選');
    for (const action of Object.keys(AUDIT_ACTION_WORDS) as (keyof typeof AUDIT_ACTION_WORDS)[])
      expect(auditActionText({ action, entity: 'student' })).not.toBe('');
  });

  it('says who acted and how it came', () => {
    expect(auditActorText({ actor_kind: 'admin', actor_name: '田中' })).toBe('田中');
    expect(auditActorText({ actor_kind: 'admin', actor_name: '' })).toBe('事務局');
    expect(auditActorText({ actor_kind: 'student', actor_name: '山田 花子' })).toBe('学生本人');
    expect(auditActorText({ actor_kind: 'system', actor_name: '' })).toBe('自動処理');
    expect(auditViaText('screen')).toBe('画面');
    expect(auditViaText('api')).toBe('API');
    expect(auditViaText(null)).toBe('不明');
  });
});
