import { describe, expect, it } from 'vitest';
import {
  amountDue,
  daysBetween,
  fiscalYearOf,
  paidText,
  payByDeadline,
  payByText,
  paymentState,
  refundDue,
} from './fees';

describe('fees', () => {
  it('a seat costs tuition plus materials, the aided tuition for an aided student', () => {
    const course = { tuition_fee: 3000, tuition_fee1: 1000, material_cost: 500 };
    expect(amountDue(course, false)).toBe(3500);
    expect(amountDue(course, true)).toBe(1500);
    expect(amountDue({ ...course, tuition_fee1: null }, true)).toBe(3500);
    expect(amountDue({ tuition_fee: null, tuition_fee1: null, material_cost: null }, false)).toBe(0);
  });

  it('says the deadline and the payment as a Tokyo day, in words', () => {
    // 2026-12-10 23:59:59.999 Tokyo
    expect(payByText('2026-12-10T14:59:59.999Z')).toBe('12月10日（木）までに');
    expect(paidText('2026-12-03')).toBe('入金を確認しました（12月3日）');
  });

  it('reads partial and over-payments as such', () => {
    expect(paymentState(3000, 0)).toBe('unpaid');
    expect(paymentState(3000, 1000)).toBe('partial');
    expect(paymentState(3000, 3000)).toBe('paid');
    expect(paymentState(3000, 3500)).toBe('over');
    expect(paymentState(null, 0)).toBe('none');
    expect(paymentState(0, 200)).toBe('over');
  });

  it('counts fiscal years from April', () => {
    expect(fiscalYearOf('2026-04-01')).toBe(2026);
    expect(fiscalYearOf('2027-03-31')).toBe(2026);
    expect(fiscalYearOf('2027-01-15')).toBe(2026);
  });

  it('refunds all of a seat cancelled early enough, nothing after', () => {
    const rule = { refundDays: 7, firstClassDay: '2026-12-10', net: 3500 };
    expect(daysBetween('2026-12-03', '2026-12-10')).toBe(7);
    expect(refundDue({ ...rule, cancelDay: '2026-12-03' })).toBe(3500);
    expect(refundDue({ ...rule, cancelDay: '2026-12-04' })).toBe(0);
    expect(refundDue({ ...rule, refundDays: null, cancelDay: '2026-11-01' })).toBe(0);
    expect(refundDue({ ...rule, firstClassDay: null, cancelDay: '2026-11-01' })).toBe(0);
  });
});

describe('payByDeadline', () => {
  const now = new Date('2026-12-01T03:00:00Z'); // 12:00 Tokyo, 1 December
  it('gives N whole Tokyo days after the win', () => {
    expect(payByDeadline({ payDays: 7, payByDate: null }, 86_400, now)?.toISOString()).toBe(
      '2026-12-08T14:59:59.999Z',
    );
  });
  it('keeps a fixed day, but never less than a few days for a late winner', () => {
    expect(payByDeadline({ payDays: null, payByDate: '2026-12-10' }, 86_400, now)?.toISOString()).toBe(
      '2026-12-10T14:59:59.999Z',
    );
    expect(payByDeadline({ payDays: null, payByDate: '2026-11-20' }, 86_400, now)?.toISOString()).toBe(
      '2026-12-04T14:59:59.999Z',
    );
  });
  it('counts a shortened day exactly, and names no deadline without a rule', () => {
    expect(payByDeadline({ payDays: 2, payByDate: null }, 30, now)?.getTime()).toBe(now.getTime() + 60_000);
    expect(payByDeadline({ payDays: null, payByDate: null }, 86_400, now)).toBeNull();
  });
});
