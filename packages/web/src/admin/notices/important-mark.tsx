/** 「重要」 before a notice's title (decision 065): in words, so it needs no colour to be understood. */
export function ImportantMark() {
  return (
    <span className="mr-2 inline-block rounded-4 border-2 border-error-line px-2 text-std-16B-170 text-error">
      重要
    </span>
  );
}
