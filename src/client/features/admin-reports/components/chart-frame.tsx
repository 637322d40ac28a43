import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

/**
 * A chart's box: full width, `height` tall. The chart is drawn at the width measured here (and
 * again when it changes), and not at all before there is one, so it never draws at zero width
 * and warns (as on a server or in jsdom, where nothing has a size).
 */
export function ChartFrame({
  height,
  children,
}: {
  height: number;
  children: (width: number) => ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setWidth(Math.floor(element.getBoundingClientRect().width));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div ref={ref} className="w-full min-w-0" style={{ height }}>
      {width > 0 ? children(width) : null}
    </div>
  );
}
