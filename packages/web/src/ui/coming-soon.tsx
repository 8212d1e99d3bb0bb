import { Alert } from './alert';
import { ButtonLink } from './button';
import { PageTitle } from './page-title';

export interface ComingSoonProps {
  /** The screen's name (the page title). */
  title: string;
  /** Where 「戻る」 goes (e.g. the area's top page). */
  backTo?: string;
  backLabel?: string;
}

/**
 * 「準備中」 panel for a screen a later issue builds: shown inside the real layout so navigation keeps
 * working and no route is a blank page. Replace the route module's `Component` with the real screen.
 */
export function ComingSoon({ title, backTo, backLabel = 'トップページへ戻る' }: ComingSoonProps) {
  return (
    <div className="space-y-6">
      <PageTitle>{title}</PageTitle>
      <Alert variant="info" title="この画面は準備中です" announce={false}>
        <p>現在、この画面を準備しています。公開まで、しばらくお待ちください。</p>
      </Alert>
      {backTo && (
        <ButtonLink to={backTo} variant="secondary">
          {backLabel}
        </ButtonLink>
      )}
    </div>
  );
}
