// Renders its children once their place comes within a screen's height of the viewport, and keeps them;
// `fallback` until then. For the lists whose dates would be a page's first Intl call: that call starts
// the browser's ICU, about 100 ms of a phone's main thread in one task (docs/performance.md), which a
// visitor who never scrolls down to the list should not pay while the page loads. A screen ahead, the list
// is drawn before a scroll or a Tab from the panel above reaches it.
import { type ReactNode, useEffect, useRef, useState } from 'react';

export function WhenNear({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return <div ref={place}>{near ? children : fallback}</div>;
}
