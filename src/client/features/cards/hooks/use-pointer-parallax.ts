import { useEffect, type RefObject } from 'react';

/** SPEC §9: parallax at 768 px or more, and never when the visitor asks for less motion. */
const WIDE_QUERY = '(min-width: 768px)';
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';
/** Share of the remaining distance covered per frame: a soft follow, not a snap. */
const EASING = 0.12;
const SETTLED = 0.0005;

const clamp = (value: number) => Math.max(-1, Math.min(1, value));

/**
 * Pointer-follow parallax. While the pointer moves over `area`, writes the pointer's position
 * relative to the centre of `target` (-1…1 on each axis) into `--px` and `--py` on `target`,
 * eased over animation frames. Styles read those variables, so a pointer move never re-renders
 * React. Listeners exist only while the viewport is wide and motion is welcome.
 */
export function usePointerParallax(
  area: RefObject<HTMLElement | null>,
  target: RefObject<HTMLElement | null>,
): void {
  useEffect(() => {
    const areaElement = area.current;
    const targetElement = target.current;
    if (!areaElement || !targetElement) return;

    const wide = window.matchMedia(WIDE_QUERY);
    const reducedMotion = window.matchMedia(REDUCED_MOTION_QUERY);
    const current = { x: 0, y: 0 };
    const goal = { x: 0, y: 0 };
    let frame = 0;
    let active = false;

    const write = () => {
      targetElement.style.setProperty('--px', current.x.toFixed(4));
      targetElement.style.setProperty('--py', current.y.toFixed(4));
    };

    const tick = () => {
      current.x += (goal.x - current.x) * EASING;
      current.y += (goal.y - current.y) * EASING;
      const settled =
        Math.abs(goal.x - current.x) < SETTLED && Math.abs(goal.y - current.y) < SETTLED;
      if (settled) {
        current.x = goal.x;
        current.y = goal.y;
      }
      write();
      frame = settled ? 0 : window.requestAnimationFrame(tick);
    };

    const follow = () => {
      if (frame === 0) frame = window.requestAnimationFrame(tick);
    };

    const onPointerMove = (event: PointerEvent) => {
      // Touch drags scroll the page; the cards should not chase a finger.
      if (event.pointerType === 'touch') return;
      const box = targetElement.getBoundingClientRect();
      goal.x = clamp((event.clientX - (box.left + box.width / 2)) / (box.width / 2));
      goal.y = clamp((event.clientY - (box.top + box.height / 2)) / (box.height / 2));
      follow();
    };

    const onPointerLeave = () => {
      goal.x = 0;
      goal.y = 0;
      follow();
    };

    const update = () => {
      const enable = wide.matches && !reducedMotion.matches;
      if (enable === active) return;
      active = enable;
      if (enable) {
        areaElement.addEventListener('pointermove', onPointerMove);
        areaElement.addEventListener('pointerleave', onPointerLeave);
        return;
      }
      areaElement.removeEventListener('pointermove', onPointerMove);
      areaElement.removeEventListener('pointerleave', onPointerLeave);
      window.cancelAnimationFrame(frame);
      frame = 0;
      current.x = goal.x = 0;
      current.y = goal.y = 0;
      write();
    };

    update();
    wide.addEventListener('change', update);
    reducedMotion.addEventListener('change', update);
    return () => {
      wide.removeEventListener('change', update);
      reducedMotion.removeEventListener('change', update);
      areaElement.removeEventListener('pointermove', onPointerMove);
      areaElement.removeEventListener('pointerleave', onPointerLeave);
      window.cancelAnimationFrame(frame);
    };
  }, [area, target]);
}
