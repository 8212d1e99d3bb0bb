import {
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { Button } from '../../ui/button';

/**
 * 「背景色」(白・青・黒) and 「文字サイズ」(標準・大きい) choices of the my-page header (SPEC §2).
 * Saved in localStorage and applied at once (and before first paint on the next visit: public/prefs.js).
 * Wide screens show them inline ({@link DisplayPrefs}); below Tailwind's `sm` (640 px: every phone held
 * upright) they fold into one 「表示設定」 button ({@link DisplayPrefsMenu}), so a phone's first screen shows
 * the page rather than five radio buttons. Each is hidden by CSS at the other width, so one of them only
 * is ever in the accessibility tree; the inline ones are not drawn at all on a narrow screen.
 */
export function DisplayPrefs() {
  const isWide = useSyncExternalStore(watchWideScreen, isWideScreen);
  const [Choices, setChoices] = useState(() => inlineChoices);
  useEffect(() => {
    if (isWide && !Choices) void loadChoices().then(setChoices);
  }, [isWide, Choices]);
  // a phone would only hide them: five radio buttons are a good part of the header's first render there
  if (!isWide || !Choices) return null;
  return <Choices className="flex flex-wrap items-center gap-x-6 gap-y-1 max-sm:hidden" />;
}

/** Tailwind's `sm` and up, where the choices are shown inline. */
const WIDE_SCREEN = '(min-width: 40rem)';
const isWideScreen = () => window.matchMedia(WIDE_SCREEN).matches;

/**
 * The inline choices' code (react-aria's radio group), fetched with the page on a wide screen, where they are
 * drawn, and never on a phone, whose first load then does not evaluate it (decision 068): the popover that
 * shows them there brings its own copy when first wanted. Started as this module is read, so on a wide screen
 * it is there before the header's first render and nothing moves.
 */
type ChoicesComponent = typeof import('./display-prefs-choices').PrefsChoices;
let inlineChoices: ChoicesComponent | null = null;
const loadChoices = () =>
  import('./display-prefs-choices').then((m) => {
    inlineChoices = m.PrefsChoices;
    // a function, so setState stores the component rather than calling it
    return () => m.PrefsChoices;
  });
if (isWideScreen()) void loadChoices();
function watchWideScreen(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The popover's code (react-aria's overlay positioning, focus scope, dialog): loaded when first wanted. */
const loadPopover = () => import('./display-prefs-popover');
const PrefsPopover = lazy(() => loadPopover().then((m) => ({ default: m.DisplayPrefsPopover })));

/**
 * The phone's 「表示設定」: a button (aria-expanded) opening a popover dialog with the same two choices.
 * Focus moves into it; Escape, 閉じる or a tap outside close it and focus returns to the button. A choice
 * applies at once and the popover stays open, so both can be changed in one go.
 * Logged in, the same button is 「設定」 and its dialog also holds the greeting (`before`) and ログアウト
 * (`after`): the header of a 320 px phone with large text has room for one line only (the site name,
 * 学生証 and this button).
 * The popover is only ever opened on a phone, so its code is fetched when the button is first touched
 * (hover, focus or press) rather than with the page; it stays mounted once loaded.
 */
export function DisplayPrefsMenu({
  label = '表示設定',
  before,
  after,
}: {
  /** the button's text and the dialog's title */
  label?: string;
  before?: ReactNode;
  after?: ReactNode;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [isWanted, setIsWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  return (
    <>
      <Button
        ref={triggerRef}
        variant="secondary"
        className="max-sm:px-3 sm:hidden"
        aria-expanded={isOpen}
        aria-controls={isOpen ? popoverId : undefined}
        onHoverStart={() => void loadPopover()}
        onFocus={() => void loadPopover()}
        onPress={() => {
          setIsWanted(true);
          setIsOpen((open) => !open);
        }}
      >
        {label}
      </Button>
      {isWanted && (
        <Suspense fallback={null}>
          <PrefsPopover
            id={popoverId}
            title={label}
            before={before}
            after={after}
            triggerRef={triggerRef}
            isOpen={isOpen}
            onOpenChange={setIsOpen}
          />
        </Suspense>
      )}
    </>
  );
}
