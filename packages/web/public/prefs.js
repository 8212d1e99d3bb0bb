// Applies the my-page display preferences before first paint (SPEC §2 shared my-page chrome, §9).
// Kept external and synchronous because the CSP forbids inline scripts. Keys and values must match
// src/lib/prefs.ts. The admin area always uses the standard look.
(() => {
  var html = document.documentElement;
  var theme = null;
  var font = null;
  if (location.pathname.indexOf('/admin') === 0) return;
  try {
    theme = localStorage.getItem('screen-color');
    font = localStorage.getItem('color-standard');
  } catch {
    // Storage can be unavailable (private mode, blocked): the standard look is used.
    return;
  }
  if (theme === 'blue' || theme === 'black') html.setAttribute('data-theme', theme);
  if (font === 'large') html.setAttribute('data-font', 'large');
})();
