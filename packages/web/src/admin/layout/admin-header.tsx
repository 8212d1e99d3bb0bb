import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/** The admin banner: product name (link to the top page) and, when logged in, the user area. */
export function AdminHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="border-b-4 border-primary bg-header text-on-header">
      <div className="mx-auto flex max-w-[80rem] flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <p className="text-std-22B-150 max-sm:text-std-20B-150">
          <Link to={paths.admin.top()} className="text-ink no-underline hover:underline">
            まなび <span className="text-std-17B-170">管理画面</span>
          </Link>
        </p>
        {children}
      </div>
    </header>
  );
}
