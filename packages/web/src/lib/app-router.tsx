import {
  Component as ClassComponent,
  type ComponentType,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  type Location,
  matchRoutes,
  NavigationType,
  type Navigator,
  Outlet,
  type Params,
  type RouteMatch,
  type RouteObject,
  Router,
  renderMatches,
  type To,
} from 'react-router';
import { nextTask } from './next-task';

/**
 * The app's router (decision 092): React Router's declarative `<Router>` fed by a route table of our own,
 * instead of its data router, of which the app used no loader, action or fetcher. The screens keep every
 * hook and component they use (Link, Navigate, Outlet, useParams, useSearchParams, useNavigate,
 * useLocation). What the data router did for the app is done here, in the same order:
 * - a navigation first matches the table, follows a route's `redirect` or failed `check` (a replace, so
 *   the bad URL is not kept), starts the routes' `prefetch` and loads their modules; only then are the new
 *   URL and page committed, so the old page stays until the new one can draw (no spinner in between);
 * - each route module is handed over a task after it was evaluated (decision 052);
 * - a navigation started meanwhile wins over an older one;
 * - `useBlocker` holds a move inside the app (push, replace and the browser's back/forward);
 * - scroll goes to the top on a new page and back where it was on back/forward;
 * - a render error or a module that failed to load shows the area's error screen (`errorElement`).
 */

/** A route module: a screen or a layout, exporting `Component` (the layouts render `<Outlet />`). */
interface RouteModule {
  Component: ComponentType;
}

/** One row of the route table. */
export interface AppRoute {
  path?: string;
  index?: boolean;
  /** The route's module, its own chunk. */
  module?: () => Promise<RouteModule>;
  /** Where this route sends the visitor instead of drawing anything (index routes, unknown paths). */
  redirect?: string;
  /** Checks the route's params: where a bad one sends the visitor (a 404 page), or null. */
  check?: (params: Params) => string | null;
  /** Requests the page is sure to make, started beside the fetch of its chunks (never awaited). */
  prefetch?: () => void;
  /** The top hides the my-page's side menu. */
  hideSidebar?: boolean;
  children?: AppRoute[];
}

type Match = RouteMatch<string, RouteObject>;

/** The table as React Router's route objects; each keeps its row in `handle`. */
function toRouteObjects(routes: readonly AppRoute[]): RouteObject[] {
  return routes.map((route): RouteObject => {
    const common = { path: route.path, handle: route, element: <RouteElement route={route} /> };
    return route.index
      ? { ...common, index: true }
      : { ...common, children: route.children ? toRouteObjects(route.children) : undefined };
  });
}

const rowOf = (match: Match) => match.route.handle as AppRoute;

const loaded = new Map<AppRoute, RouteModule>();
const loading = new Map<AppRoute, Promise<void>>();

/** Loads a route's module once; it counts as loaded a task after its evaluation (decision 052). */
function load(route: AppRoute): Promise<void> {
  if (!route.module || loaded.has(route)) return Promise.resolve();
  let pending = loading.get(route);
  if (!pending) {
    pending = route.module().then(async (module) => {
      await nextTask();
      loaded.set(route, module);
    });
    // a failed load may be tried again by the next navigation (a deploy may have replaced the chunks)
    pending.catch(() => loading.delete(route));
    loading.set(route, pending);
  }
  return pending;
}

function RouteElement({ route }: { route: AppRoute }) {
  // a row without a module only groups its children under its path
  if (!route.module) return <Outlet />;
  const module = loaded.get(route);
  return module ? <module.Component /> : null;
}

/** The rows of the routes matched by the page on screen, outermost first. */
const MatchesContext = createContext<readonly AppRoute[]>([]);

/** The rows of the routes on screen (a layout reads what its page's row says, e.g. `hideSidebar`). */
export function useMatchedRoutes(): readonly AppRoute[] {
  return useContext(MatchesContext);
}

interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Pick<Location, 'pathname' | 'search' | 'hash'>;
}
type BlockerFunction = (args: BlockerArgs) => boolean;

type Blocker =
  | { state: 'unblocked'; proceed: undefined; reset: undefined }
  | { state: 'blocked'; proceed: () => void; reset: () => void };

const UNBLOCKED: Blocker = { state: 'unblocked', proceed: undefined, reset: undefined };

interface BlockerSlot {
  shouldBlock: BlockerFunction;
  setBlocker: (blocker: Blocker) => void;
}

interface Committed {
  location: Location;
  action: NavigationType;
  matches: Match[] | null;
  error?: unknown;
}

type Navigate = (
  to: To,
  options?: { replace?: boolean; state?: unknown; preventScrollReset?: boolean },
) => void;

/** The router: its navigation (also for code outside React), and what {@link RouterView} draws from. */
export interface AppRouter {
  navigate: Navigate;
  /** The page committed last (null until the first URL's modules have loaded). */
  committed: () => Committed | null;
  /** Calls `listener` on each commit; returns the unsubscribe. */
  subscribe: (listener: (page: Committed) => void) => () => void;
  navigator: Navigator;
  blockerSlot: { current: BlockerSlot | null };
  /** Whether the committed navigation asked to keep the scroll position (a change of a list's query). */
  keepsScroll: () => boolean;
}

const BlockerContext = createContext<{ current: BlockerSlot | null } | null>(null);

/**
 * Holds a move inside the app while `shouldBlock` says so, as React Router's data-router `useBlocker`:
 * `state` is 'blocked' while a move waits, `proceed()` makes it, `reset()` stays. One at a time.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const slot = useContext(BlockerContext);
  const [blocker, setBlocker] = useState<Blocker>(UNBLOCKED);
  const latest = useRef(shouldBlock);
  latest.current = shouldBlock;
  useEffect(() => {
    if (!slot) return;
    const mine: BlockerSlot = { shouldBlock: (args) => latest.current(args), setBlocker };
    slot.current = mine;
    return () => {
      if (slot.current === mine) slot.current = null;
    };
  }, [slot]);
  return blocker;
}

/** Saved scroll positions of the pages visited in this tab, by location key (restored on back/forward). */
const scrollPositions = new Map<string, number>();

/** `routesFor` as React Router's route objects, each table converted once. */
function routeObjectsOf(routesFor: (pathname: string) => readonly AppRoute[]) {
  const objects = new Map<readonly AppRoute[], RouteObject[]>();
  return (pathname: string) => {
    const table = routesFor(pathname);
    let found = objects.get(table);
    if (!found) {
      found = toRouteObjects(table);
      objects.set(table, found);
    }
    return found;
  };
}

/** Where the matched routes send the visitor instead (a redirect row or a failed param check), or null. */
function detourOf(matches: Match[] | null): string | null {
  for (const match of matches ?? []) {
    const row = rowOf(match);
    const away = row.redirect ?? row.check?.(match.params) ?? null;
    if (away !== null) return away;
  }
  return null;
}

/** Loads the matched routes' modules: the error of one that failed, else undefined. */
async function loadAll(matches: Match[] | null): Promise<unknown> {
  try {
    await Promise.all((matches ?? []).map((match) => load(rowOf(match))));
    return undefined;
  } catch (failed) {
    return failed ?? new Error('route module failed to load');
  }
}

/** Whether the blocker in `slot` holds a move from the committed page to `next`. */
function isBlocked(slot: BlockerSlot | null, committed: Committed | null, next: BlockerArgs['nextLocation']) {
  if (!slot || !committed) return false;
  const { pathname, search, hash } = next;
  return slot.shouldBlock({ currentLocation: committed.location, nextLocation: { pathname, search, hash } });
}

/** Puts the blocker in `slot` on hold: its proceed() makes the move, its reset() drops it. */
function hold(slot: BlockerSlot, proceed: () => void) {
  slot.setBlocker({
    state: 'blocked',
    proceed: () => {
      slot.setBlocker(UNBLOCKED);
      proceed();
    },
    reset: () => slot.setBlocker(UNBLOCKED),
  });
}

/** Creates the router over the browser's history for `routesFor(pathname)`, the table of the URL's area. */
export function createAppRouter(routesFor: (pathname: string) => readonly AppRoute[]): AppRouter {
  const history = createBrowserHistory();
  const objectsFor = routeObjectsOf(routesFor);

  let committed: Committed | null = null;
  const listeners = new Set<(page: Committed) => void>();
  const commit = (next: Committed) => {
    committed = next;
    for (const listener of listeners) listener(next);
  };
  const blockerSlot: { current: BlockerSlot | null } = { current: null };
  /** Each navigation's number: a later one supersedes a navigation still loading. */
  let latest = 0;
  /** The pop of a move we undid (a blocked back/forward): not a navigation. */
  let ignoreNextPop = false;
  let preventScrollReset = false;

  /**
   * Goes to `location` (for a push or a replace: not yet in the history; for a pop: already there). Follows
   * redirects and checks, starts the prefetches, loads the modules, then writes the history and commits.
   */
  async function go(action: NavigationType, to: To, state: unknown, depth = 0): Promise<void> {
    const id = ++latest;
    const target = action === NavigationType.Pop ? history.location : history.encodeLocation(to);
    const matches = matchRoutes(objectsFor(target.pathname), target) as Match[] | null;
    const away = detourOf(matches);
    // a push goes on as a push; the first load and back/forward replace the bad URL
    if (away !== null && depth < 10)
      return go(action === NavigationType.Push ? action : NavigationType.Replace, away, undefined, depth + 1);
    for (const match of matches ?? []) rowOf(match).prefetch?.();
    const error = await loadAll(matches);
    if (id !== latest) return;
    if (committed) scrollPositions.set(committed.location.key, window.scrollY);
    if (action === NavigationType.Push) history.push(to, state);
    else if (action === NavigationType.Replace) history.replace(to, state);
    commit({ location: history.location, action, matches, error });
  }

  /** A move asked for by the app (a link, navigate(), <Navigate>): held when a blocker says so. */
  function request(action: NavigationType, to: To, state: unknown, opts?: { preventScrollReset?: boolean }) {
    const proceed = () => {
      preventScrollReset = opts?.preventScrollReset === true;
      void go(action, to, state);
    };
    const slot = blockerSlot.current;
    if (slot && isBlocked(slot, committed, history.encodeLocation(to))) hold(slot, proceed);
    else proceed();
  }

  history.listen(({ delta }) => {
    if (ignoreNextPop) {
      ignoreNextPop = false;
      return;
    }
    const slot = blockerSlot.current;
    if (slot && delta !== null && delta !== 0 && isBlocked(slot, committed, history.location)) {
      // undo the browser's move until the visitor chooses; proceeding makes it again
      ignoreNextPop = true;
      history.go(-delta);
      hold(slot, () => {
        ignoreNextPop = true;
        history.go(delta);
        // the history is back on the target once the browser has moved: then load and commit it
        const again = () => void go(NavigationType.Pop, history.location, undefined);
        window.addEventListener('popstate', again, { once: true });
      });
      return;
    }
    preventScrollReset = false;
    void go(NavigationType.Pop, history.location, undefined);
  });

  const navigator: Navigator = {
    createHref: (to) => history.createHref(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state, opts) => request(NavigationType.Push, to, state, opts),
    replace: (to, state, opts) => request(NavigationType.Replace, to, state, opts),
  };

  // the first page: the URL the browser opened
  window.history.scrollRestoration = 'manual';
  void go(NavigationType.Pop, history.location, undefined);

  return {
    navigate: (to, options) =>
      request(options?.replace ? NavigationType.Replace : NavigationType.Push, to, options?.state, options),
    committed: () => committed,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigator,
    blockerSlot,
    keepsScroll: () => preventScrollReset,
  };
}

interface RouterViewProps {
  router: AppRouter;
  /** The screen for a page that failed to load or draw. */
  errorElement: (error: unknown) => ReactNode;
  /** Shown until the first page's modules have loaded. */
  fallback: ReactNode;
  /** Drawn inside the router beside the page (RouteFocus). */
  children?: ReactNode;
}

/** Draws the router's committed page: mount once, at the root. */
export function RouterView({ router, errorElement, fallback, children }: RouterViewProps) {
  const [page, setPage] = useState<Committed | null>(router.committed);
  useEffect(() => {
    const unsubscribe = router.subscribe(setPage);
    setPage(router.committed());
    return unsubscribe;
  }, [router]);
  useLayoutEffect(() => {
    if (!page) return;
    if (page.action === NavigationType.Pop) {
      const y = scrollPositions.get(page.location.key);
      if (y !== undefined) window.scrollTo(0, y);
      return;
    }
    if (router.keepsScroll()) return;
    const target = page.location.hash ? document.getElementById(page.location.hash.slice(1)) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [page, router]);
  if (!page) return <>{fallback}</>;
  return (
    <Router location={page.location} navigationType={page.action} navigator={router.navigator}>
      <BlockerContext.Provider value={router.blockerSlot}>
        <MatchesContext.Provider value={(page.matches ?? []).map(rowOf)}>
          {children}
          <RouteErrorBoundary at={page.location.key} errorElement={errorElement} error={page.error}>
            {page.error === undefined ? renderMatches(page.matches) : null}
          </RouteErrorBoundary>
        </MatchesContext.Provider>
      </BlockerContext.Provider>
    </Router>
  );
}

interface BoundaryProps {
  /** The page's location key: a render error is forgotten on the next navigation. */
  at: string;
  errorElement: (error: unknown) => ReactNode;
  error: unknown;
  children: ReactNode;
}

interface BoundaryState {
  caught: unknown;
  at: string;
}

/**
 * Shows `errorElement` for a module that failed to load or a page that failed to render, until the next
 * navigation (not keyed by location: a change of only the query string must not remount the page).
 */
class RouteErrorBoundary extends ClassComponent<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { caught: undefined, at: this.props.at };

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.at === state.at ? null : { caught: undefined, at: props.at };
  }

  static getDerivedStateFromError(caught: unknown): Partial<BoundaryState> {
    return { caught: caught ?? new Error('render failed') };
  }

  override render() {
    const error = this.props.error ?? this.state.caught;
    return error === undefined ? this.props.children : this.props.errorElement(error);
  }
}
