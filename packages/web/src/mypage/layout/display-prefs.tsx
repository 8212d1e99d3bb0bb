import { Label, RadioGroup } from 'react-aria-components';
import { FONT_SIZES, type FontSize, SCREEN_COLORS, type ScreenColor, useDisplayPrefs } from '../../lib/prefs';
import { RadioItem } from '../../ui';

/**
 * 「背景色」(白・青・黒) and 「文字サイズ」(標準・大きい) choices of the my-page header (SPEC §2).
 * Saved in localStorage and applied at once (and before first paint on the next visit: public/prefs.js).
 */
export function DisplayPrefs() {
  const { color, font, setColor, setFont } = useDisplayPrefs();
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-1">
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
