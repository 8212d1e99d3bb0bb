import { createContext, type ReactNode, useCallback, useContext } from 'react';
import { useNavigate } from 'react-router';
import { type Area, areaOfLocation, handleApiError } from './api';

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
 * Returns `(error) => void` that routes an API error of the current area as SPEC §8 says
 * (see handleApiError). For screens that call the API outside TanStack Query.
 */
export function useApiErrorHandler(): (error: unknown) => void {
  const area = useArea();
  const navigate = useNavigate();
  return useCallback((error: unknown) => handleApiError(area, error, navigate), [area, navigate]);
}
