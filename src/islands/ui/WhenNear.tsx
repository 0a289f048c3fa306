// Renders its children once their place comes within a screen's height of the viewport, and keeps them;
// `fallback` until then. For the lists whose dates would be a page's first Intl call: that call starts
// the browser's ICU, about 100 ms of a phone's main thread in one task (docs/performance.md), which a
// visitor who never scrolls down to the list should not pay while the page loads. A screen ahead, the list
// is drawn before a scroll or a Tab from the panel above reaches it.
import type { ReactNode } from 'react';
import { useInView } from 'react-intersection-observer';

export function WhenNear({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const { ref, inView } = useInView({ rootMargin: '100% 0px', triggerOnce: true });
  return <div ref={ref}>{inView ? children : fallback}</div>;
}
