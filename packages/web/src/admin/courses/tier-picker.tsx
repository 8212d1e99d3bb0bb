import { LOTTERY_TIER_LABEL, LOTTERY_TIERS, type LotteryTier } from '@manabi/shared/domain/intake';
import { useId, useState } from 'react';
import { Button } from '../../ui/button';
import { CheckboxItem } from '../../ui/choice-fields';

/** The ticked tiers first, in their priority order, then the others in LOTTERY_TIERS order. */
export function tierRows(value: readonly LotteryTier[]): LotteryTier[] {
  return [...value, ...LOTTERY_TIERS.filter((t) => !value.includes(t))];
}

/** Moves `tier` one place up (-1) or down (+1) among the ticked ones; unchanged at either end. */
export function moveTier(value: readonly LotteryTier[], tier: LotteryTier, step: -1 | 1): LotteryTier[] {
  const from = value.indexOf(tier);
  const to = from + step;
  if (from < 0 || to < 0 || to >= value.length) return [...value];
  const next = [...value];
  next.splice(from, 1);
  next.splice(to, 0, tier);
  return next;
}

const shortLabel = (tier: LotteryTier) => LOTTERY_TIER_LABEL[tier].replace(/（.*）$/, '');

/**
 * The priority tiers of a draw (decision 015): a checkbox per tier; ticked ones are ranked in the order
 * they were ticked, and 「上へ」「下へ」 change that order. The new order is read out (a polite live region).
 */
export function TierPicker({
  value,
  onChange,
  isDisabled,
}: {
  value: readonly LotteryTier[];
  onChange: (next: LotteryTier[]) => void;
  isDisabled?: boolean;
}) {
  const legendId = useId();
  const [announce, setAnnounce] = useState('');
  const say = (next: readonly LotteryTier[]) =>
    setAnnounce(
      next.length === 0
        ? '優先する区分はありません。'
        : `優先の順番：${next.map((t, i) => `${i + 1}番目 ${shortLabel(t)}`).join('、')}`,
    );
  const change = (next: LotteryTier[]) => {
    onChange(next);
    say(next);
  };

  return (
    <fieldset className="space-y-2" aria-describedby={`${legendId}-note`}>
      <legend id={legendId} className="text-std-17B-170 text-ink">
        優先する区分
      </legend>
      <p id={`${legendId}-note`} className="text-std-16N-170 text-ink-muted">
        チェックした区分の方から先に順番を決めます（上にあるほど優先）。どれもチェックしないときは、全員を同じ条件で抽選します。
      </p>
      <ol className="space-y-2">
        {tierRows(value).map((tier) => {
          const rank = value.indexOf(tier);
          const ticked = rank >= 0;
          return (
            <li
              key={tier}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-8 border-2 border-line-subtle px-2 py-1"
            >
              <CheckboxItem
                isSelected={ticked}
                isDisabled={isDisabled}
                onChange={(checked) => change(checked ? [...value, tier] : value.filter((t) => t !== tier))}
              >
                {ticked && <span className="text-std-16B-170">優先{rank + 1}：</span>}
                {LOTTERY_TIER_LABEL[tier]}
              </CheckboxItem>
              {ticked && value.length > 1 && (
                <span className="flex gap-2">
                  <Button
                    variant="tertiary"
                    className="px-3"
                    isDisabled={isDisabled}
                    aria-label={`${shortLabel(tier)}を上へ`}
                    onPress={() => change(moveTier(value, tier, -1))}
                  >
                    上へ
                  </Button>
                  <Button
                    variant="tertiary"
                    className="px-3"
                    isDisabled={isDisabled}
                    aria-label={`${shortLabel(tier)}を下へ`}
                    onPress={() => change(moveTier(value, tier, 1))}
                  >
                    下へ
                  </Button>
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
    </fieldset>
  );
}
