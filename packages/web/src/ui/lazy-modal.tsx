import { lazy, Suspense, useState } from 'react';
import type { ModalProps } from './modal';

/** The modal's code (react-aria's overlay, focus scope and dialog). */
export const loadModal = () => import('./modal');
const Modal = lazy(() => loadModal().then((m) => ({ default: m.Modal })));

/**
 * {@link ModalProps Modal} for a dialog a page may never open (e.g. a confirmation): its code is fetched
 * when it first opens — call {@link loadModal} on the opener's hover or focus to fetch it sooner — and it
 * stays mounted from then on, so closing it behaves as Modal's does (a page's first render
 * needs no overlay code).
 */
export function LazyModal(props: ModalProps) {
  const [wasOpened, setWasOpened] = useState(props.isOpen);
  if (props.isOpen && !wasOpened) setWasOpened(true);
  if (!wasOpened) return null;
  return (
    <Suspense fallback={null}>
      <Modal {...props} />
    </Suspense>
  );
}
