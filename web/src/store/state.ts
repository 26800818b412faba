/*
 * What the store holds (AppState) and the shapes inside it: notices, the
 * explorer's panel, the variant comparison, who took the steps (assist), what
 * a restorable run remembers.  Also the two questions components ask of it
 * about the learner's run (ownRun, helpLocked) and the state a store starts in.
 */
import type { ScenarioSource, BuiltSource, EngineSource, OpenOptions } from '../bridge/bridge';
import type { ExploreOptions, ExploreProgress, ExploreResult } from '../bridge/explorer';
import type { LessonInfo } from '../bridge/lessonTypes';
import type { ChoiceKindInfo, ScenarioInfo, ScenarioProblem, Snapshot } from '../bridge/types';
import { DEFAULT_EXPLORE } from '../model/explore';
import type { StepRange } from '../model/mermaid';
import type { Helper } from '../model/params';
import { DEFAULT_SPEED, type PlayPolicy } from '../model/play';
import type { Difference } from '../model/variants';

export interface Notice {
  id: number;
  tone: 'error' | 'info';
  title: string;
  detail?: string;
  problems?: ScenarioProblem[];
}

export interface AppState {
  phase: 'loading' | 'ready' | 'failed';
  scenarioId: string;
  scenario: ScenarioInfo | null;
  /** the kinds of choice the machine knows (the catalog's table), known once something opened */
  choiceKinds: readonly ChoiceKindInfo[];
  /** the memory models the machine knows, sc first (the catalog's list), known once something opened */
  memoryModels: readonly string[];
  snap: Snapshot | null;
  /** objects whose fields changed in the last move (they pulse) */
  changed: ReadonlySet<string>;
  /** how the last move went through time: the views' motion plays forward, reverses, or (a jump) stays still */
  moved: 'forward' | 'back' | 'jump';
  /** read out by the aria-live region */
  announcement: string;
  /** counts announcements, so a repeated one is read again */
  announced: number;
  /** the announced step went wrong (an update was lost) */
  alarm: boolean;
  notices: Notice[];
  busy: boolean;
  /** per actor: the step after which its current operation began ("step into") */
  opSince: number[];
  /** after a variant switch: where the two variants' runs first differ */
  variantDiff: VariantDiff | null;
  /** the engine's C sources, once asked for (loadSources) */
  sources: { engine: string; listed: string[]; files: EngineSource[] } | null;
  /** the scenario came from a file the learner dropped or chose (its name), not from tests/scenarios/ */
  fromFile: string | null;
  /** the auto-player steps on its own (play/pause) */
  playing: boolean;
  /** index into SPEEDS (steps per second) */
  speed: number;
  /** who the player steps when the run has no recorded future */
  policy: PlayPolicy;
  /** the steps a hovered diagram message stands for (the timeline marks them) */
  marked: StepRange | null;
  /** the explorer: its options, progress and last result */
  explorer: ExplorerState;
  /** the open lesson (null in the sandbox) */
  lesson: LessonInfo | null;
  /** from which step on the run is not the learner's own (the auto-player's, the explorer's, a replay's) */
  assist: Assist | null;
  /** the learner has made an attempt of their own (a run of theirs ended, or they reset one) */
  tried: boolean;
  /** the learner has opened a hint */
  hinted: boolean;
  /** the latest run the learner can bring back (Ctrl+Z, "Restore my run"), and what replaced it */
  undo: { what: Discard; step: number; steps: number } | null;
}

/** What threw a run away (it can be restored). */
export type Discard = 'reset' | 'variant' | 'memory' | 'explore' | 'open' | 'schedule';

/** A run kept for "Restore my run": how to open it again, and where it was. */
export interface SavedRun {
  what: Discard;
  scenarioId: string;
  load: () => Promise<ScenarioSource | BuiltSource>;
  fromFile: string | null;
  variant: string;
  memory?: string;
  /** the whole recorded run (compact), empty when it had no steps */
  schedule: string;
  step: number;
  steps: number;
  assist: Assist | null;
  variantDiff: VariantDiff | null;
}

/**
 * Who took the steps after `from`: the auto-player, the explorer (its run
 * replaces the learner's from step 0) or the page's replay under another
 * variant.  A goal reached after `from` is theirs, never the learner's.
 */
export interface Assist {
  by: Helper;
  from: number;
}

/** Opening a run: the bridge's options, and who took its steps when it was not the learner (an address's by=). */
export type OpenRun = OpenOptions & { assist?: Assist };

/** Whether the goal at this step is the learner's own (no help took any step up to it). */
export function ownRun(s: Pick<AppState, 'assist' | 'snap'>): boolean {
  return !s.assist || (s.snap?.state.step ?? 0) <= s.assist.from;
}

/**
 * Whether Play and the explorer wait for the learner: a lesson may say they
 * unlock after the learner's own attempt (`unlock: attempt`) or first hint
 * (`unlock: hint`, an attempt also counts).
 */
export function helpLocked(s: Pick<AppState, 'lesson' | 'tried' | 'hinted'>): boolean {
  const unlock = s.lesson?.unlock;
  if (unlock === 'attempt') return !s.tried;
  if (unlock === 'hint') return !s.tried && !s.hinted;
  return false;
}

export interface ExplorerState {
  status: 'idle' | 'running' | 'found' | 'none' | 'cancelled' | 'failed';
  options: ExploreOptions;
  progress: ExploreProgress | null;
  result: ExploreResult | null;
  /** the result line (found / proven / cancelled / failed), in words */
  line: string;
  /** what was searched: a result belongs to this scenario and variant */
  scenarioId: string | null;
  variant: string | null;
  /** 'prove': the complete search in workers ("Prove it"); 'find': the search the options say */
  mode?: 'find' | 'prove';
}

export interface VariantDiff extends Difference {
  /** what was switched (absent: the variant) */
  setting?: 'variant' | 'memory';
  from: string;
  to: string;
  /**
   * from this step on the replay followed the old run's order of actors (the
   * schedule no longer applied), then the default policy finished the run
   */
  followed?: number;
  /** the schedule stopped applying at this step (the steps before it were kept) */
  stoppedAt?: number;
  /** the old and new runs agree on every step they share */
  same: boolean;
  /** how many steps were compared */
  compared: number;
}

/** The state before anything is open: `scenarioId` is the sandbox's default scenario. */
export function initialState(scenarioId: string): AppState {
  return {
    phase: 'loading',
    scenarioId,
    scenario: null,
    choiceKinds: [],
    memoryModels: [],
    snap: null,
    changed: new Set(),
    moved: 'jump',
    announcement: '',
    announced: 0,
    alarm: false,
    notices: [],
    busy: false,
    opSince: [],
    variantDiff: null,
    sources: null,
    fromFile: null,
    playing: false,
    speed: DEFAULT_SPEED,
    policy: 'round-robin',
    marked: null,
    explorer: {
      status: 'idle',
      options: DEFAULT_EXPLORE,
      progress: null,
      result: null,
      line: '',
      scenarioId: null,
      variant: null,
    },
    lesson: null,
    assist: null,
    tried: false,
    hinted: false,
    undo: null,
  };
}
