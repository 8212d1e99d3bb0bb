import { paths } from '../../lib/paths';
import { TextLink } from '../../ui/button';

/** The links under a detail screen: back to its list, and to the admin top. */
export function BackLinks({ listTo, listLabel }: { listTo: string; listLabel: string }) {
  return (
    <ul className="flex flex-col gap-3 sm:flex-row sm:gap-8">
      <li>
        <TextLink to={listTo}>{listLabel}</TextLink>
      </li>
      <li>
        <TextLink to={paths.admin.top()}>トップへ戻る</TextLink>
      </li>
    </ul>
  );
}
