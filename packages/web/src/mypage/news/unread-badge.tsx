/** 「未読」 marker: text, not colour alone, so it reads the same in every theme and to a screen reader. */
export function UnreadBadge() {
  return (
    <span className="inline-block rounded-4 border-2 border-error-line bg-canvas px-2 text-std-16B-170 text-error">
      未読
    </span>
  );
}

/**
 * 「重要」 marker of a notice the office marked so (decision 065): filled, so it stands apart from 未読, and
 * in words, so it needs no colour to be understood.
 */
export function ImportantBadge() {
  return (
    <span className="inline-block rounded-4 border-2 border-error-line bg-error-line px-2 text-std-16B-170 text-canvas">
      重要
    </span>
  );
}
