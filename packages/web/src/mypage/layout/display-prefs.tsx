import { Dialog, DialogTrigger, Heading, Label, Popover, RadioGroup } from 'react-aria-components';
import { FONT_SIZES, type FontSize, SCREEN_COLORS, type ScreenColor, useDisplayPrefs } from '../../lib/prefs';
import { Button } from '../../ui/button';
import { RadioItem } from '../../ui/choice-fields';

/**
 * 「背景色」(白・青・黒) and 「文字サイズ」(標準・大きい) choices of the my-page header (SPEC §2).
 * Saved in localStorage and applied at once (and before first paint on the next visit: public/prefs.js).
 * Wide screens show them inline ({@link DisplayPrefs}); below Tailwind's `sm` (640 px: every phone held
 * upright) they fold into one 「表示設定」 button ({@link DisplayPrefsMenu}), so a phone's first screen shows
 * the page rather than five radio buttons. Each is hidden by CSS at the other width, so one of them only
 * is ever in the accessibility tree.
 */
export function DisplayPrefs() {
  return <PrefsChoices className="flex flex-wrap items-center gap-x-6 gap-y-1 max-sm:hidden" />;
}

/**
 * The phone's 「表示設定」: a button (aria-expanded) opening a popover dialog with the same two choices.
 * Focus moves into it; Escape, 閉じる or a tap outside close it and focus returns to the button. A choice
 * applies at once and the popover stays open, so both can be changed in one go.
 */
export function DisplayPrefsMenu() {
  return (
    <DialogTrigger>
      <Button variant="secondary" className="max-sm:px-3 sm:hidden">
        表示設定
      </Button>
      <Popover
        placement="bottom end"
        offset={8}
        className="w-[calc(100vw-1.5rem)] max-w-[24rem] rounded-8 border-2 border-line bg-canvas text-ink shadow-3"
      >
        <Dialog className="space-y-3 p-4 outline-none">
          {({ close }) => (
            <>
              <Heading slot="title" className="text-std-18B-160">
                表示設定
              </Heading>
              <PrefsChoices className="space-y-2" />
              <Button variant="secondary" onPress={close} className="w-full">
                閉じる
              </Button>
            </>
          )}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function PrefsChoices({ className }: { className: string }) {
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
