import { useCallback, useEffect, useSyncExternalStore } from 'react';

/**
 * My-page display preferences (SPEC §2 header, §9: colours white/blue/black and font class medium/large
 * "stored in the browser"). Keys follow the original product: `screen-color` holds the colour theme,
 * `color-standard` the font size. public/prefs.js applies them before first paint; this module changes
 * them at run time. Both set `data-theme` / `data-font` on <html>; styles.css does the rest.
 */
export const SCREEN_COLOR_KEY = 'screen-color';
export const FONT_SIZE_KEY = 'color-standard';

export type ScreenColor = 'white' | 'blue' | 'black';
export type FontSize = 'medium' | 'large';

export const SCREEN_COLORS: readonly { value: ScreenColor; label: string }[] = [
  { value: 'white', label: '白' },
  { value: 'blue', label: '青' },
  { value: 'black', label: '黒' },
];
export const FONT_SIZES: readonly { value: FontSize; label: string }[] = [
  { value: 'medium', label: '標準' },
  { value: 'large', label: '大きい' },
];

export interface DisplayPrefs {
  color: ScreenColor;
  font: FontSize;
}

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Saved preferences (defaults: white, medium). */
export function readPrefs(): DisplayPrefs {
  const color = readItem(SCREEN_COLOR_KEY);
  const font = readItem(FONT_SIZE_KEY);
  return {
    color: color === 'blue' || color === 'black' ? color : 'white',
    font: font === 'large' ? 'large' : 'medium',
  };
}

/** Sets the <html> attributes for the given preferences (null = the standard look, e.g. in admin). */
export function applyPrefs(prefs: DisplayPrefs | null): void {
  const html = document.documentElement;
  if (prefs && prefs.color !== 'white') html.setAttribute('data-theme', prefs.color);
  else html.removeAttribute('data-theme');
  if (prefs && prefs.font === 'large') html.setAttribute('data-font', 'large');
  else html.removeAttribute('data-font');
}

const listeners = new Set<() => void>();
let snapshot: DisplayPrefs = typeof window === 'undefined' ? { color: 'white', font: 'medium' } : readPrefs();

/** Saves and applies one preference. */
export function savePref<K extends keyof DisplayPrefs>(key: K, value: DisplayPrefs[K]): void {
  snapshot = { ...snapshot, [key]: value };
  try {
    localStorage.setItem(key === 'color' ? SCREEN_COLOR_KEY : FONT_SIZE_KEY, value);
  } catch {
    // storage unavailable: applies to this page only
  }
  applyPrefs(snapshot);
  for (const listener of listeners) listener();
}

/**
 * The my-page preferences with setters; applies them while mounted. Use once in the my-page shell
 * (public and guarded pages); the admin shell calls {@link useStandardLook} instead.
 */
export function useDisplayPrefs() {
  const prefs = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => snapshot,
  );
  useEffect(() => applyPrefs(prefs), [prefs]);
  const setColor = useCallback((color: ScreenColor) => savePref('color', color), []);
  const setFont = useCallback((font: FontSize) => savePref('font', font), []);
  return { ...prefs, setColor, setFont };
}

/** Admin pages always use the standard look (the choice is a my-page feature). */
export function useStandardLook(): void {
  useEffect(() => applyPrefs(null), []);
}
