import './lib/zod-config';
import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { options } from 'preact';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app-root';
import { createAppRouter } from './lib/app-router';
import { nextTask } from './lib/next-task';
import { answerFromPageData } from './lib/page-data';
import { createQueryClient } from './lib/query-client';
import { handOverShell } from './lib/shell';
import { appRoutes } from './router';

// Preact runs effects (useEffect) after the next frame; React runs those of a click or key press before
// its frame. react-aria counts on that: a closing dialog lifts `inert` off the page in an effect, and gives
// focus back to its opener in a frame, which fails while the page is still inert (decision 026).
options.requestAnimationFrame = (flush) => queueMicrotask(flush);

// before any query starts: the first screen's answers may have come with the HTML
answerFromPageData();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
handOverShell(container);

// Evaluating the entry, starting the router and the first render are three tasks rather than one long one
// on a slow phone (decision 052). TanStack Query's core stays in the entry: a guarded page's shell has
// painted from the HTML before any of it runs, and its evaluation is part of the first of those short
// tasks (decision 092 measured the alternative).
await nextTask();
// the query client routes errors through the router (its `navigate`), whose routes prefetch into it
const queryClient = createQueryClient((to, options) => router.navigate(to, options));
const router = createAppRouter(appRoutes(queryClient));
await nextTask();

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AppRoot router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
