import { useEffect, useState } from 'react';

/** SPEC §9: a section counts as reached 100 px before its top meets the viewport top. */
export const ACTIVE_OFFSET = 100;

/**
 * The id of the section in view: the last of `ids` whose top is at or above the scroll
 * position plus the offset (SPEC §4 Services side menu). `ids` must be a stable array.
 */
export function useActiveSection(ids: readonly string[], offset = ACTIVE_OFFSET): string {
  const [active, setActive] = useState(ids[0] ?? '');

  // Scroll position is outside React; read it at most once per frame.
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const line = window.scrollY + offset;
      let current = ids[0] ?? '';
      for (const id of ids) {
        const element = document.getElementById(id);
        if (element && element.getBoundingClientRect().top + window.scrollY <= line) current = id;
      }
      setActive(current);
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [ids, offset]);

  return active;
}
