import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { type Area, areaOfLocation } from './api';
import { type ErrorRouting, isHeldByQueryClient, routeApiError } from './error-routing';

const AreaContext = createContext<Area | null>(null);

/** Declares which area (admin / mypage) the subtree belongs to; set by each area's layouts. */
export function AreaProvider({ area, children }: { area: Area; children: ReactNode }) {
  return <AreaContext.Provider value={area}>{children}</AreaContext.Provider>;
}

/** The current area (from the nearest AreaProvider, else from the URL). */
export function useArea(): Area {
  return useContext(AreaContext) ?? areaOfLocation();
}

/**
 * Returns `(error, routing?) => void`, the SPEC §8 routing (lib/error-routing.ts) of a call made outside
 * TanStack Query (StepForm's submit, the login form, CSV upload and download). An error a query or
 * mutation holds belongs to the QueryClient, which has routed it already: it is left alone, so an
 * error caught from `mutateAsync` is never routed twice.
 */
export function useRouteApiError(): (error: unknown, routing?: ErrorRouting) => void {
  const area = useArea();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (error: unknown, routing: ErrorRouting = {}) => {
      if (isHeldByQueryClient(queryClient, error)) return;
      routeApiError(error, { area, ...routing }, { navigate, queryClient });
    },
    [area, navigate, queryClient],
  );
}
