import { LOTTERY } from '@manabi/shared/codes';
import { codeOptions, type Option } from '../../ui/code-options';
import { cx } from '../../ui/cx';

/** The 15 session selects: the CD006 texts, the dash without its note. */
export const SESSION_OPTIONS: readonly Option[] = codeOptions('CD006').map((o) => ({
  ...o,
  label: o.value === '0' ? '－' : o.label,
}));
/** The lottery status of a live application: キャンセル only through the cancel screen. */
export const LOTTERY_OPTIONS: readonly Option[] = codeOptions('CD003').filter(
  (o) => o.value !== LOTTERY.CANCELLED,
);
export const ATTENDANCE_OPTIONS: readonly Option[] = codeOptions('CD004');

const control =
  'min-h-11 rounded-4 border-2 border-field-line bg-field px-1 text-std-16N-170 text-on-field aria-[invalid=true]:border-[3px] aria-[invalid=true]:border-error';

interface CellProps {
  /** who and what, e.g. 「山田 花子 第3回」; 「（変更あり）」 is added while changed */
  label: string;
  value: string;
  isChanged: boolean;
  error?: string;
  onChange: (value: string) => void;
}

const accessibleName = (label: string, isChanged: boolean) => `${label}${isChanged ? '（変更あり）' : ''}`;

function CellFrame({
  isChanged,
  error,
  children,
}: {
  isChanged: boolean;
  error?: string;
  children: React.ReactNode;
}) {
  return (
    <div className={cx('-mx-2 rounded-4 px-2 py-1', isChanged && 'bg-highlight')}>
      {children}
      {error && <p className="max-w-48 text-std-16B-170 text-error">{error}</p>}
    </div>
  );
}

/** A native select in a table cell (compact: 15 of them per row); highlighted while changed. */
export function ChoiceCell({
  label,
  value,
  isChanged,
  error,
  onChange,
  options,
}: CellProps & { options: readonly Option[] }) {
  return (
    <CellFrame isChanged={isChanged} error={error}>
      <select
        aria-label={accessibleName(label, isChanged)}
        aria-invalid={error ? 'true' : undefined}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={control}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </CellFrame>
  );
}

/** The units input of a row (0–99999, checked by the shared schema before sending). */
export function UnitCell({ label, value, isChanged, error, onChange }: CellProps) {
  return (
    <CellFrame isChanged={isChanged} error={error}>
      <input
        type="text"
        inputMode="numeric"
        aria-label={accessibleName(label, isChanged)}
        aria-invalid={error ? 'true' : undefined}
        maxLength={7}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={cx(control, 'w-24 px-2 text-right')}
      />
    </CellFrame>
  );
}

/** The row's 「更新」 box. */
export function TickCell({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <input
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      className="size-6 cursor-pointer accent-key-900"
    />
  );
}
