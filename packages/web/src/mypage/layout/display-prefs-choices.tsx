import { Label, RadioGroup } from 'react-aria-components';
import { FONT_SIZES, type FontSize, SCREEN_COLORS, type ScreenColor, useDisplayPrefs } from '../../lib/prefs';
import { RadioItem } from '../../ui/radio-item';

/**
 * The two choices, inline in the header (display-prefs.tsx) or inside the popover (display-prefs-popover.tsx):
 * a file of their own, so the lazily loaded popover and the header that loads it do not import each other.
 */
export function PrefsChoices({ className }: { className: string }) {
  const { color, font, setColor, setFont } = useDisplayPrefs();
  return (
    <div className={className}>
      <RadioGroup
        value={color}
        onChange={(value) => setColor(value as ScreenColor)}
        orientation="horizontal"
        className="flex flex-wrap items-center gap-x-3"
      >
        <Label elementType="span" className="text-std-16B-170">
          背景色
        </Label>
        <div className="flex flex-wrap items-center gap-x-3">
          {SCREEN_COLORS.map((option) => (
            <RadioItem key={option.value} value={option.value}>
              {option.label}
            </RadioItem>
          ))}
        </div>
      </RadioGroup>
      <RadioGroup
        value={font}
        onChange={(value) => setFont(value as FontSize)}
        orientation="horizontal"
        className="flex flex-wrap items-center gap-x-3"
      >
        <Label elementType="span" className="text-std-16B-170">
          文字サイズ
        </Label>
        <div className="flex flex-wrap items-center gap-x-3">
          {FONT_SIZES.map((option) => (
            <RadioItem key={option.value} value={option.value}>
              {option.label}
            </RadioItem>
          ))}
        </div>
      </RadioGroup>
    </div>
  );
}
