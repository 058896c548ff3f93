import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Whether `content` (laid out at its natural width) fits in `slot`. Measured before paint and again
 * whenever either one resizes: the window, the language (French labels are longer) or the links a
 * role sees. The navigation bar uses it to move its links into the menu drawer only when they do
 * not fit, whatever the language or the permissions.
 */
export function useFitsWidth<Slot extends HTMLElement, Content extends HTMLElement>() {
  const slotRef = useRef<Slot>(null);
  const contentRef = useRef<Content>(null);
  // Unknown until measured in the browser (the server's pre-rendering cannot): null.
  const [fits, setFits] = useState<boolean | null>(null);

  useLayoutEffect(() => {
    const slot = slotRef.current;
    const content = contentRef.current;
    if (!slot || !content) return undefined;
    const measure = () => {
      const style = getComputedStyle(slot);
      const available = slot.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      setFits(content.offsetWidth <= available);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(slot);
    observer.observe(content);
    return () => {
      observer.disconnect();
    };
  }, []);

  return { slotRef, contentRef, fits };
}
