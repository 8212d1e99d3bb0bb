import { Link } from 'react-router';
import { useSessionUser } from '../../lib/session';
import { PageTitle } from '../../ui/page-title';
import { adminMenuFor } from '../layout/admin-menu';
import { WorklistCards } from './worklist-cards';

/**
 * /admin/top: today's work (the work list's cards, decision 057), then the menu entries as big buttons, by
 * authority (SPEC §2).
 */
export function Component() {
  const user = useSessionUser();
  return (
    <div className="space-y-6">
      <PageTitle>管理画面トップ</PageTitle>
      <WorklistCards />
      <section aria-labelledby="menu-title" className="space-y-4">
        <h2 id="menu-title" className="text-std-24B-150">
          メニュー
        </h2>
        <p className="text-std-16N-170">行いたい作業を選んでください。</p>
        <ul className="grid gap-4 sm:grid-cols-2">
          {adminMenuFor(user).map((entry) => (
            <li key={entry.to}>
              <Link
                to={entry.to}
                className="flex min-h-24 flex-col justify-center gap-1 rounded-12 border-2 border-primary bg-canvas px-6 py-4 text-link no-underline shadow-1 hover:bg-highlight"
              >
                <span className="text-std-22B-150 underline underline-offset-4">{entry.label}</span>
                <span className="text-std-16N-170 text-ink">{entry.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
