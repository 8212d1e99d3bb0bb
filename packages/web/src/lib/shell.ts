/**
 * The shell (decision 027): a page whose HTML carries `#shell` (packages/web/route-html.ts) shows its frame
 * and h1 before any script has run. It is a picture only (aria-hidden, nothing to press); the app draws
 * the real page in `container` beside it. Once the app's own h1 is there, the shell goes, in the same turn,
 * so the two are never seen together and the app's page takes the shell's place.
 */
export function handOverShell(container: HTMLElement): void {
  const shell = document.getElementById('shell');
  if (!shell) return;
  const drawn = () => container.querySelector('h1') !== null;
  if (drawn()) {
    shell.remove();
    return;
  }
  const observer = new MutationObserver(() => {
    if (!drawn()) return;
    observer.disconnect();
    shell.remove();
  });
  observer.observe(container, { childList: true, subtree: true });
}
