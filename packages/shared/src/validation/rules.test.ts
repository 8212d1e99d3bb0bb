import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages';
import {
  asciiMax,
  asciiPassword,
  CSV_MAX_BYTES,
  codeOf,
  confirmField,
  csvFile,
  dateTimeLocal,
  dateYmd,
  differentFrom,
  digitsOnly,
  isYmd,
  loginIdMatchesGeneration,
  mailAddress,
  maxLen,
  minLen,
  notBefore,
  optionalText,
  phoneJp,
  phoneNoHyphen,
  positiveInt,
  postcode,
  recordId,
  required,
  sameAs,
  text,
  url,
  zeroOrPositiveInt,
} from './rules';
import { issues, messages, parsed } from './test-helpers';

const a = (n: number) => 'あ'.repeat(n);

describe('required', () => {
  it('rejects empty, whitespace-only (half and full width) and missing values with the required message', () => {
    for (const v of ['', '   ', '\u3000\u3000', '\t\n', undefined, null]) {
      expect(messages(required(), v)).toEqual([MSG.required]);
    }
  });

  it('uses an overriding message for every way of being empty', () => {
    expect(messages(required('選んでください'), '')).toEqual(['選んでください']);
    expect(messages(required('選んでください'), undefined)).toEqual(['選んでください']);
  });

  it('trims what it accepts', () => {
    expect(parsed(required(), '  山田 ')).toBe('山田');
  });

  it('does not say required for a wrong JSON type', () => {
    expect(messages(required(), 12)).toEqual([MSG.invalidValue]);
  });
});

describe('optionalText', () => {
  it('accepts empty and missing as ""', () => {
    expect(parsed(optionalText(), undefined)).toBe('');
    expect(parsed(optionalText(), '  ')).toBe('');
    expect(parsed(optionalText(), ' x ')).toBe('x');
  });
});

describe('maxLen / minLen with pipe', () => {
  const name = required().pipe(maxLen(30));

  it('accepts N characters and rejects N+1', () => {
    expect(messages(name, a(30))).toEqual([]);
    expect(messages(name, a(31))).toEqual(['31文字以上は入力できません']);
  });

  it('counts after trimming, and counts characters not UTF-16 units', () => {
    expect(messages(name, ` ${a(30)} `)).toEqual([]);
    expect(messages(name, '𠮷'.repeat(30))).toEqual([]);
  });

  it('reports only "required" when empty (the pipe stops there)', () => {
    expect(messages(name, '')).toEqual([MSG.required]);
  });

  it('uses 桁 for digit fields', () => {
    expect(messages(maxLen(5, '桁'), '123456')).toEqual(['6桁以上は入力できません']);
  });

  it('minLen: N passes, N-1 fails, empty passes (optional fields)', () => {
    expect(messages(minLen(3), 'abc')).toEqual([]);
    expect(messages(minLen(3), 'ab')).toEqual(['3文字以上で入力してください']);
    expect(messages(minLen(3), '')).toEqual([]);
  });
});

describe('text', () => {
  it('combines required, min and max', () => {
    const s = text({ required: true, min: 2, max: 4 });
    expect(messages(s, '')).toEqual([MSG.required]);
    expect(messages(s, 'a')).toEqual([MSG.minLen(2)]);
    expect(messages(s, 'ab')).toEqual([]);
    expect(messages(s, 'abcd')).toEqual([]);
    expect(messages(s, 'abcde')).toEqual([MSG.maxLen(4)]);
  });

  it('optional text may be empty but not too long', () => {
    const s = text({ max: 100 });
    expect(parsed(s, undefined)).toBe('');
    expect(messages(s, a(100))).toEqual([]);
    expect(messages(s, a(101))).toEqual(['101文字以上は入力できません']);
  });

  it('trim: false keeps surrounding spaces', () => {
    expect(parsed(text({ trim: false }), ' a ')).toBe(' a ');
  });
});

describe('digitsOnly', () => {
  it('accepts half- and full-width digits, returning half-width', () => {
    expect(parsed(digitsOnly(), '０１２３')).toBe('0123');
    expect(parsed(digitsOnly(), '0123')).toBe('0123');
  });

  it('rejects anything else with the half-width digits message', () => {
    for (const v of ['12a', '1-2', '１２Ａ', '1.5', '-1'])
      expect(messages(digitsOnly(), v)).toEqual([MSG.halfDigits]);
  });

  it('max counts digits', () => {
    const s = digitsOnly({ max: 30 });
    expect(messages(s, '1'.repeat(30))).toEqual([]);
    expect(messages(s, '1'.repeat(31))).toEqual(['31桁以上は入力できません']);
  });

  it('exact length: 8 digits for a student number', () => {
    const s = digitsOnly({ required: true, length: 8, msg: MSG.digits8 });
    expect(messages(s, '24040001')).toEqual([]);
    expect(messages(s, '２４０４０００１')).toEqual([]);
    expect(messages(s, '2404000')).toEqual([MSG.digits8]);
    expect(messages(s, '240400011')).toEqual([MSG.digits8]);
    expect(messages(s, '2404000a')).toEqual([MSG.digits8]);
    expect(messages(s, '')).toEqual([MSG.required]);
  });

  it('without msg, the length message names the length', () => {
    expect(messages(digitsOnly({ length: 4 }), '123')).toEqual([MSG.digits4]);
  });

  it('optional: empty passes', () => {
    expect(messages(digitsOnly({ length: 4 }), '')).toEqual([]);
  });
});

describe('zeroOrPositiveInt', () => {
  const s = zeroOrPositiveInt({ required: true, maxDigits: 5 });

  it('accepts 0 and positive integers up to the digit limit, full width too', () => {
    for (const v of ['0', '1', '99999', '１２']) expect(messages(s, v)).toEqual([]);
    expect(parsed(s, '１２')).toBe('12');
  });

  it('rejects negatives, decimals, leading zeros and letters', () => {
    for (const v of ['-1', '1.5', '01', '00', 'a', '1e3'])
      expect(messages(s, v)).toEqual([MSG.zeroOrPositiveInt]);
  });

  it('N digits pass, N+1 fail', () => {
    expect(messages(s, '100000')).toEqual(['6桁以上は入力できません']);
  });

  it('required / optional', () => {
    expect(messages(s, ' ')).toEqual([MSG.required]);
    expect(messages(zeroOrPositiveInt(), '')).toEqual([]);
  });
});

describe('positiveInt', () => {
  const s = positiveInt({ required: true, maxDigits: 10 });

  it('accepts 1.. without leading zero, full width too; output stays a string', () => {
    expect(parsed(s, '1')).toBe('1');
    expect(parsed(s, '１０')).toBe('10');
    expect(messages(s, '9999999999')).toEqual([]);
  });

  it('rejects 0, leading zero, negatives and decimals with SPEC §5 wording', () => {
    for (const v of ['0', '01', '-1', '1.0', 'x'])
      expect(messages(s, v)).toEqual(['1以上の数値のみを入力してください']);
  });

  it('max digits', () => {
    expect(messages(s, '12345678901')).toEqual(['11桁以上は入力できません']);
  });
});

describe('recordId', () => {
  it('takes a JSON number or query text and returns a number', () => {
    expect(parsed(recordId(), 12)).toBe(12);
    expect(parsed(recordId(), '12')).toBe(12);
    expect(parsed(recordId(), '2147483647')).toBe(2147483647);
  });

  it('rejects what no row can have (and what PostgreSQL integer cannot hold)', () => {
    for (const v of [0, -1, 1.5, '0', '01', 'abc', '', undefined, null, '2147483648', 2147483648, '1e3']) {
      expect(messages(recordId(), v)).toEqual([MSG.invalidValue]);
    }
  });
});

describe('asciiPassword', () => {
  const s = asciiPassword();

  it('accepts 8 and 12 printable ASCII characters', () => {
    expect(messages(s, 'abcd1234')).toEqual([]);
    expect(messages(s, 'abcd1234!@#$')).toEqual([]);
    expect(messages(s, '!"#$%&\'()*+,')).toEqual([]);
  });

  it('rejects 7 and 13', () => {
    expect(messages(s, 'abcd123')).toEqual(['8文字以上で入力してください']);
    expect(messages(s, 'abcd1234!@#$%')).toEqual(['13文字以上は入力できません']);
  });

  it('rejects a full-width character and a space, never normalising them away', () => {
    expect(messages(s, 'abcd123４')).toEqual([MSG.asciiPrintable]);
    expect(messages(s, 'abcd 1234')).toEqual([MSG.asciiPrintable]);
    expect(messages(s, ' abcd1234')).toEqual([MSG.asciiPrintable]);
    expect(messages(s, 'パスワード１２３')).toEqual([MSG.asciiPrintable]);
  });

  it('is required by default', () => {
    expect(messages(s, '')).toEqual([MSG.required]);
    expect(messages(s, undefined)).toEqual([MSG.required]);
    expect(messages(asciiPassword({ required: false }), '')).toEqual([]);
  });
});

describe('asciiMax', () => {
  it('printable ASCII up to n; trimmed by default', () => {
    const s = asciiMax(8, { required: true });
    expect(parsed(s, ' 24040001 ')).toBe('24040001');
    expect(messages(s, '240400012')).toEqual(['9文字以上は入力できません']);
    expect(messages(s, '２４０４０００１')).toEqual([MSG.asciiPrintable]);
    expect(messages(s, '')).toEqual([MSG.required]);
  });

  it('optional by default', () => {
    expect(parsed(asciiMax(30), '')).toBe('');
    // .optional() defers to the inner prefault: a missing value still reads as ''
    expect(parsed(asciiMax(30).optional(), undefined)).toBe('');
  });

  it('trim: false keeps a secret as typed', () => {
    expect(messages(asciiMax(20, { trim: false }), ' secret')).toEqual([MSG.asciiPrintable]);
  });
});

describe('mailAddress', () => {
  const s = mailAddress();

  it('accepts ordinary addresses, normalising full width and spaces around', () => {
    expect(parsed(s, 'taro@example.jp')).toBe('taro@example.jp');
    expect(parsed(s, ' ｔａｒｏ＠ｅｘａｍｐｌｅ．ｊｐ\u3000')).toBe('taro@example.jp');
    expect(parsed(s, 'a.b+c@sub.example.co.jp')).toBe('a.b+c@sub.example.co.jp');
  });

  it('rejects malformed addresses', () => {
    for (const v of ['taro', 'taro@', '@example.jp', 'taro@example', 'ta ro@example.jp', 'a@b@c.jp']) {
      expect(messages(s, v)).toEqual([MSG.mail]);
    }
  });

  it('max 100 characters', () => {
    const local = (n: number) => `${'a'.repeat(n - '@example.jp'.length)}@example.jp`;
    expect(messages(s, local(100))).toEqual([]);
    expect(messages(s, local(101))).toEqual(['101文字以上は入力できません']);
  });

  it('required by default; optional on request', () => {
    expect(messages(s, '')).toEqual([MSG.required]);
    expect(parsed(mailAddress({ required: false }), '')).toBe('');
  });
});

describe('postcode', () => {
  const s = postcode({ required: true });

  it('accepts with or without hyphen and in full width; always returns NNN-NNNN', () => {
    expect(parsed(s, '100-0001')).toBe('100-0001');
    expect(parsed(s, '1000001')).toBe('100-0001');
    expect(parsed(s, '１００－０００１')).toBe('100-0001');
    expect(parsed(s, '１００ー０００１')).toBe('100-0001');
    expect(parsed(s, '１０００００１')).toBe('100-0001');
  });

  it('rejects wrong groupings and lengths', () => {
    for (const v of ['100-001', '10-00001', '100001', '1000-001', 'abc-defg', '100 0001']) {
      expect(messages(s, v)).toEqual([MSG.postcode]);
    }
  });

  it('max 8', () => {
    expect(messages(s, '100-00012')).toEqual(['9文字以上は入力できません', MSG.postcode]);
  });

  it('optional by default', () => {
    expect(parsed(postcode(), '')).toBe('');
  });
});

describe('phoneJp', () => {
  const s = phoneJp({ required: true });

  it('accepts 2-4, 2-4, 4 digit groups and hyphen-less 10–11 digits from 0', () => {
    for (const v of [
      '03-1234-5678',
      '090-1234-5678',
      '0422-12-3456',
      '12-34-5678',
      '0312345678',
      '09012345678',
    ]) {
      expect(messages(s, v)).toEqual([]);
    }
  });

  it('normalises full width and dash look-alikes', () => {
    expect(parsed(s, '０３ー１２３４ー５６７８')).toBe('03-1234-5678');
    expect(parsed(s, '０９０１２３４５６７８')).toBe('09012345678');
  });

  it('rejects other shapes', () => {
    for (const v of [
      '03-1234-567',
      '0-1234-5678',
      '03123456789012',
      '3123456789',
      '03-12345-6789',
      '03(1234)5678',
    ]) {
      expect(messages(s, v)).toEqual([MSG.phone]);
    }
  });

  it('optional by default', () => {
    expect(messages(phoneJp(), '')).toEqual([]);
    expect(messages(s, '')).toEqual([MSG.required]);
  });
});

describe('phoneNoHyphen', () => {
  const s = phoneNoHyphen({ required: true });

  it('accepts 10 and 11 digits from 0, full width too', () => {
    expect(messages(s, '0312345678')).toEqual([]);
    expect(messages(s, '09012345678')).toEqual([]);
    expect(parsed(s, '０９０１２３４５６７８')).toBe('09012345678');
  });

  it('rejects hyphens, 9 and 12 digits, and numbers not from 0', () => {
    expect(messages(s, '03-1234-5678')[0]).toBe(MSG.phoneNoHyphen);
    expect(messages(s, '031234567')).toEqual([MSG.phoneNoHyphen]);
    expect(messages(s, '090123456789')).toEqual([MSG.phoneNoHyphen, '12桁以上は入力できません']);
    expect(messages(s, '1312345678')).toEqual([MSG.phoneNoHyphen]);
  });
});

describe('dateYmd', () => {
  const s = dateYmd({ required: true });

  it('accepts real dates up to 9999-12-31, leap days included', () => {
    for (const v of ['2026-11-21', '9999-12-31', '2024-02-29', '2000-02-29', '0001-01-01']) {
      expect(messages(s, v)).toEqual([]);
    }
  });

  it('says "too late" past 9999-12-31', () => {
    expect(messages(s, '10000-01-01')).toEqual([MSG.dateMax]);
  });

  it('rejects dates that do not exist and other shapes', () => {
    for (const v of [
      '2026-02-30',
      '2026-02-29',
      '1900-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026/11/21',
      '2026-1-1',
      '0000-01-01',
      'x',
    ]) {
      expect(messages(s, v)).toEqual([MSG.dateInvalid]);
    }
  });

  it('accepts full-width digits', () => {
    expect(parsed(s, '２０２６－１１－２１')).toBe('2026-11-21');
  });

  it('optional by default', () => {
    expect(messages(dateYmd(), '')).toEqual([]);
    expect(messages(s, '')).toEqual([MSG.required]);
  });

  it('isYmd agrees', () => {
    expect(isYmd('9999-12-31')).toBe(true);
    expect(isYmd('10000-01-01')).toBe(false);
    expect(isYmd('2026-02-30')).toBe(false);
  });
});

describe('dateTimeLocal', () => {
  const s = dateTimeLocal({ required: true });

  it('accepts YYYY-MM-DDTHH:MM up to 9999-12-31T23:59', () => {
    expect(messages(s, '2026-11-21T13:05')).toEqual([]);
    expect(messages(s, '9999-12-31T23:59')).toEqual([]);
    expect(messages(s, '2026-11-21T00:00')).toEqual([]);
  });

  it('rejects later, impossible and other shapes', () => {
    expect(messages(s, '10000-01-01T00:00')).toEqual([MSG.dateMax]);
    for (const v of [
      '2026-11-21T24:00',
      '2026-11-21T12:60',
      '2026-02-30T10:00',
      '2026-11-21',
      '2026-11-21 13:05',
    ]) {
      expect(messages(s, v)).toEqual([MSG.dateInvalid]);
    }
  });
});

describe('codeOf', () => {
  it('accepts only the list values; required by default', () => {
    expect(messages(codeOf('CD003'), '2')).toEqual([]);
    expect(messages(codeOf('CD003'), '7')).toEqual([MSG.invalidChoice]);
    expect(messages(codeOf('CD006'), '0')).toEqual([]);
    expect(messages(codeOf('CD003'), '')).toEqual([MSG.required]);
    expect(messages(codeOf('CD003', { required: false }), '')).toEqual([]);
  });
});

describe('url', () => {
  const s = url();

  it('accepts http and https URLs up to 250 characters', () => {
    expect(messages(s, 'https://example.jp/a?b=c')).toEqual([]);
    expect(messages(s, 'http://example.jp')).toEqual([]);
    const long = `https://example.jp/${'a'.repeat(250 - 19)}`;
    expect(long.length).toBe(250);
    expect(messages(s, long)).toEqual([]);
    expect(messages(s, `${long}a`)).toEqual(['251文字以上は入力できません']);
  });

  it('rejects other schemes and bare text', () => {
    for (const v of [
      'javascript:alert(1)',
      'ftp://example.jp',
      'example.jp',
      'https://',
      'https:// example.jp',
      '//example.jp',
    ]) {
      expect(messages(s, v)).toEqual([MSG.url]);
    }
  });

  it('optional by default', () => {
    expect(messages(s, '')).toEqual([]);
  });
});

describe('sameAs', () => {
  const form = z
    .object({ mail: mailAddress({ required: false }), mail2: confirmField() })
    .superRefine(sameAs('mail2', 'mail', 'メールアドレス'));

  it('passes when equal and when both are empty', () => {
    expect(issues(form, { mail: 'a@b.jp', mail2: 'a@b.jp' })).toEqual([]);
    expect(issues(form, { mail: '', mail2: '' })).toEqual([]);
    expect(issues(form, {})).toEqual([]);
  });

  it('puts the mismatch on the confirmation field, also when one side is empty', () => {
    expect(issues(form, { mail: 'a@b.jp', mail2: 'a@c.jp' })).toEqual([
      ['mail2', 'メールアドレスが一致しません'],
    ]);
    expect(issues(form, { mail: 'a@b.jp', mail2: '' })).toEqual([['mail2', 'メールアドレスが一致しません']]);
    expect(issues(form, { mail: '', mail2: 'a@b.jp' })).toEqual([['mail2', 'メールアドレスが一致しません']]);
  });

  it('compares as the fields parse: width and surrounding spaces do not count', () => {
    expect(issues(form, { mail: 'ａ@b.jp', mail2: ' a@b.jp' })).toEqual([]);
  });

  it('still runs when another field has an error', () => {
    expect(issues(form, { mail: 'broken', mail2: 'x' })).toEqual([
      ['mail', MSG.mail],
      ['mail2', 'メールアドレスが一致しません'],
    ]);
  });

  it('exact: true compares raw strings', () => {
    const pw = z
      .object({ password: asciiPassword(), password2: confirmField() })
      .superRefine(sameAs('password2', 'password', 'パスワード', { exact: true }));
    expect(issues(pw, { password: 'abcd1234', password2: 'abcd1234' })).toEqual([]);
    expect(issues(pw, { password: 'abcd1234', password2: 'ａｂｃｄ1234' })).toEqual([
      ['password2', 'パスワードが一致しません'],
    ]);
  });
});

describe('differentFrom', () => {
  const form = z
    .object({ phone_1: phoneJp(), phone_2: phoneJp() })
    .superRefine(differentFrom('phone_2', 'phone_1', '電話番号2'));

  it('passes when both are empty, one is empty, or they differ', () => {
    expect(issues(form, { phone_1: '', phone_2: '' })).toEqual([]);
    expect(issues(form, { phone_1: '03-1234-5678', phone_2: '' })).toEqual([]);
    expect(issues(form, { phone_1: '', phone_2: '03-1234-5678' })).toEqual([]);
    expect(issues(form, { phone_1: '03-1234-5678', phone_2: '090-1234-5678' })).toEqual([]);
  });

  it('flags the field when both are filled and equal', () => {
    expect(issues(form, { phone_1: '03-1234-5678', phone_2: '０３－１２３４－５６７８' })).toEqual([
      ['phone_2', '電話番号2は異なる内容を入力してください'],
    ]);
  });
});

describe('notBefore', () => {
  const form = z
    .object({ period_from: dateTimeLocal(), period_to: dateTimeLocal() })
    .superRefine(notBefore('period_to', 'period_from'));

  it('allows the same moment and later, and skips while either is empty', () => {
    expect(issues(form, { period_from: '2026-04-01T09:00', period_to: '2026-04-01T09:00' })).toEqual([]);
    expect(issues(form, { period_from: '2026-04-01T09:00', period_to: '2026-04-02T09:00' })).toEqual([]);
    expect(issues(form, { period_from: '', period_to: '2026-04-01T09:00' })).toEqual([]);
    expect(issues(form, { period_from: '2026-04-01T09:00', period_to: '' })).toEqual([]);
  });

  it('flags an end before the start', () => {
    expect(issues(form, { period_from: '2026-04-01T09:00', period_to: '2026-04-01T08:59' })).toEqual([
      ['period_to', MSG.periodOrder],
    ]);
  });
});

describe('loginIdMatchesGeneration', () => {
  const form = z
    .object({ login_id: digitsOnly({ length: 8 }), generation_id: digitsOnly({ length: 4 }) })
    .superRefine(loginIdMatchesGeneration('login_id', 'generation_id'));

  it('requires the first 4 digits to equal the generation id', () => {
    expect(issues(form, { login_id: '24040001', generation_id: '2404' })).toEqual([]);
    expect(issues(form, { login_id: '24040001', generation_id: '２４０４' })).toEqual([]);
    expect(issues(form, { login_id: '24040001', generation_id: '2410' })).toEqual([
      ['login_id', MSG.loginIdGeneration],
    ]);
    expect(issues(form, { login_id: '', generation_id: '2410' })).toEqual([]);
  });
});

describe('csvFile', () => {
  const file = (name: string, size: number, type: string) => ({ name, size, type });
  const s = csvFile();

  it('requires a file', () => {
    for (const v of [undefined, null, '', {}, { name: 'a.csv' }])
      expect(messages(s, v)).toEqual([MSG.fileRequired]);
  });

  it('accepts text/csv, and Excel/empty types when the name ends with .csv', () => {
    expect(messages(s, file('list.csv', 10, 'text/csv'))).toEqual([]);
    expect(messages(s, file('LIST.CSV', 10, 'application/vnd.ms-excel'))).toEqual([]);
    expect(messages(s, file('list.csv', 10, ''))).toEqual([]);
  });

  it('rejects other files', () => {
    expect(messages(s, file('list.xls', 10, 'application/vnd.ms-excel'))).toEqual([MSG.fileCsv]);
    expect(
      messages(s, file('list.xlsx', 10, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')),
    ).toEqual([MSG.fileCsv]);
    expect(messages(s, file('photo.csv', 10, 'image/png'))).toEqual([MSG.fileCsv]);
  });

  it('allows exactly the limit and names the limit when over it (MB and KB)', () => {
    expect(CSV_MAX_BYTES).toBe(20971520);
    expect(messages(s, file('a.csv', 20971520, 'text/csv'))).toEqual([]);
    expect(messages(s, file('a.csv', 20971521, 'text/csv'))).toEqual([
      'ファイルサイズが20MBを超えています。',
    ]);
    expect(messages(csvFile({ maxBytes: 512000 }), file('a.csv', 512001, 'text/csv'))).toEqual([
      'ファイルサイズが500KBを超えています。',
    ]);
  });

  it('returns the very object it was given (a File stays a File)', () => {
    const f = { name: 'a.csv', size: 1, type: 'text/csv', lastModified: 0 };
    expect(parsed(s, f)).toBe(f);
  });

  it('reports on the field inside an object', () => {
    expect(issues(z.object({ file: s }), {})).toEqual([['file', MSG.fileRequired]]);
  });
});
