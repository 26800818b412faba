/*
 * What a lesson's page shows of the course (its number, the course's size,
 * the lessons before and after it) for whichever lesson is open: at once for
 * a lesson its chunk opened, and for a lesson opened from its text (a shared
 * link, the author page) as soon as the index has answered for its id; null
 * meanwhile and for an id the course does not have.  So the first load never
 * waits for, or fetches, the index.
 */
import { useEffect, useState } from 'preact/hooks';
import type { LessonCourse } from '../model/lessonList';
import { findLessonCourse, lessonCourse } from '.';

export function useLessonCourse(id: string | null): LessonCourse | null {
  const known = id === null ? null : lessonCourse(id);
  const [found, setFound] = useState<{ id: string; course: LessonCourse | null } | null>(null);
  useEffect(() => {
    if (id === null || known) return;
    let current = true;
    findLessonCourse(id).then(
      (course) => {
        if (current) setFound({ id, course });
      },
      // the index did not load (offline): the page shows no place, as for a lesson of no course
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [id, known]);
  return known ?? (found?.id === id ? found.course : null);
}
