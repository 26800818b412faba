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
  const course = id === null ? null : lessonCourse(id);
  // the index's answer is kept by lessonCourse: reading it again is all a new answer needs
  const [, answered] = useState(0);
  useEffect(() => {
    // a failed index (offline) leaves the page as for a lesson of no course
    if (id !== null && !course)
      findLessonCourse(id).then(
        () => answered((n) => n + 1),
        () => undefined,
      );
  }, [id, course]);
  return course;
}
