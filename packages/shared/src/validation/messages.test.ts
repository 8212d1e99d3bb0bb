import { describe, expect, it } from 'vitest';
import { formatFileSize, MSG } from './messages';

describe('MSG', () => {
  it('words length limits as SPEC §5 does (N+1 or more)', () => {
    expect(MSG.maxLen(30)).toBe('31文字以上は入力できません');
    expect(MSG.maxLen(8, '桁')).toBe('9桁以上は入力できません');
    expect(MSG.minLen(8)).toBe('8文字以上で入力してください');
  });

  it('fills labels and minutes', () => {
    expect(MSG.notMatch('メールアドレス')).toBe('メールアドレスが一致しません');
    expect(MSG.mustDiffer('電話番号2')).toBe('電話番号2は異なる内容を入力してください');
    expect(MSG.accountLocked(15)).toContain('15分ほど待ってから');
    expect(MSG.digitsN(8)).toBe(MSG.digits8);
    expect(MSG.digitsN(4)).toBe(MSG.digits4);
  });

  it('shows the size limit in KB below 1024 KB, else MB, rounded down', () => {
    expect(formatFileSize(20971520)).toBe('20MB');
    expect(formatFileSize(512000)).toBe('500KB');
    expect(formatFileSize(1048575)).toBe('1023KB');
    expect(formatFileSize(1048576)).toBe('1MB');
    expect(formatFileSize(1572864)).toBe('1MB');
    expect(MSG.fileSize(20971520)).toBe('ファイルサイズが20MBを超えています。');
    expect(MSG.fileSize(512000)).toBe('ファイルサイズが500KBを超えています。');
  });
});
