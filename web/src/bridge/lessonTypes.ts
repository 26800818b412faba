/*
 * A lesson as the UI sees it: what wasm/js/lesson.js's parseLesson returns
 * (lessons/README.md), without the bytecode and the checker's bookkeeping
 * (outcomes, positions), plus where its starting schedule ends.  Plain JSON,
 * so it crosses the bridge (and a worker boundary) unchanged.
 */

/** A text the learner reads, in both languages. */
export interface LessonText {
  en: string;
  'zh-CN': string;
}

/** field -> any of these values (wasm/js/lesson/play.js) */
export type Matcher = Record<string, (string | number | boolean)[]>;

/** A parsed state predicate (wasm/js/lesson/predicate.js); the player only hands it back. */
export type Predicate = { text: string; [more: string]: unknown };

export type GoalKind = 'stuck' | 'overlap' | 'assertion' | 'violation' | 'order' | 'state' | 'done_without';

export interface LessonGoal {
  text: LessonText;
  kind: GoalKind;
  /** the variant the checker proves it in (null: the lesson's) */
  variant: string | null;
  actors?: string[];
  violation?: string | null;
  events?: Matcher[];
  predicates?: Predicate[];
  at?: 'any' | 'end';
}

export interface LessonBeat {
  when: Matcher;
  say: LessonText;
  every: boolean;
  /** said only in these variants (null: in all) */
  variant: string[] | null;
  /** said only if these hold after the step */
  if: Predicate[];
  /** what it claims (checked by lockstep check; the player does not need it) */
  verify: Predicate[];
}

export interface LessonHint {
  after: Matcher | null;
  /** applies only in these variants (null: in all) */
  variant: string[] | null;
  /** applies only while these hold */
  if: Predicate[];
  verify: Predicate[];
  nudge: LessonText;
  direction: LessonText;
  next: LessonText & { actor: string };
}

export interface LessonQuestion {
  before: Matcher;
  after: Matcher | null;
  if: Predicate[];
  ask: LessonText;
  choices: LessonText[];
  /** from 0 */
  answerIndex: number;
  explain: LessonText;
  verify: Predicate[];
  verifyEvent: Matcher | null;
}

export interface LessonInfo {
  file: string;
  id: string;
  engine: string;
  /** the variants the learner may pick */
  variants: string[];
  /** the one the lesson starts in */
  variant: string;
  /** the goal is a bug: not reachable under `correct` */
  bug: boolean;
  /** and not in any interleaving: the recap shows the complete search's proof */
  proven: boolean;
  title: LessonText;
  goal: LessonGoal;
  /** Markdown per language */
  body: LessonText;
  /** the body rendered at build time for the course's own lessons, NOT sanitized (model/sanitize.ts does that) */
  bodyHtml?: LessonText;
  recap: LessonText;
  /** what the starting schedule has already done, said when the lesson opens; null: the app's own sentence */
  opening?: LessonText | null;
  realWorld: LessonText;
  /** the starting schedule (readable), replayed when the lesson opens */
  start: string | null;
  /** the whole solution schedule (start + the learner's part) */
  solution: { schedule: string; tokens: string[] } | null;
  explore: { bound: number; maxExecutions: number; maxSteps: number };
  beats: LessonBeat[];
  hints: LessonHint[];
  questions: LessonQuestion[];
  /** next actions Shift+N takes in one go (lessons/README.md, fold:); null: the app's default */
  fold?: Matcher[] | null;
  /** how many steps the starting schedule takes (0 without one); beats are said only after it */
  startSteps: number;
  /**
   * front matter `unlock`: Play and the explorer wait until the learner's own
   * attempt (`attempt`) or first hint (`hint`); absent: always available
   */
  unlock?: 'attempt' | 'hint' | null;
}
