import { describe, expect, it } from 'vitest';
import { materialCostText, tuitionText } from './course-parts';

describe('[web][mypage] what a course costs, in words', () => {
  it('says the 教材費 beside the 受講料: nothing to pay is なし, not said is －', () => {
    expect(materialCostText(800)).toBe('800円');
    expect(materialCostText(1500)).toBe('1,500円');
    expect(materialCostText(0)).toBe('なし');
    expect(materialCostText(null)).toBe('－');
    expect(tuitionText(0)).toBe('無料');
    expect(tuitionText(3000)).toBe('3,000円');
  });
});
