// @ts-check
/**
 * `lockstep check PATH...`: checks lessons (lessons/README.md) by parsing
 * them and then running them on the wasm module.
 *
 * For each lesson: the front matter against the schema, both languages
 * everywhere, the scenario compiles (lesson.js); then, by running it: its
 * goal is reachable (by the explorer, by the solution, or by the starting
 * run), the solution reaches it, every matcher (beats, hints, the goal's
 * events, counts) matches an event in some run of the lesson, every hint's
 * "next actor" is the one the solution takes, every question comes due on the
 * solution's path and its verify: holds after the step, every outcome holds,
 * and a bug lesson's goal is not reachable under `correct` (a complete
 * search within the lesson's bound).  Across the files given: ids and orders
 * are unique, and a file named NN-slug.md has order NN and id slug.
 *
 * Every problem is printed as FILE:LINE:COL: FIELD: MESSAGE; then one line
 * per lesson (ok or FAIL) and "N passed, N failed".
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { LockstepError, Session, catalog } from '../lockstep.js';
import {
  LessonError,
  EXPLORABLE,
  MAX_LESSON_CHARS,
  beatsAt,
  evaluate,
  explainFalse,
  findEvent,
  findOrder,
  formatProblem,
  goalStepOfRun,
  hintStage,
  learnerActions,
  matchEvent,
  matchNext,
  parseLesson,
  questionDue,
  scheduleTokens,
} from '../lesson.js';
import { CliError } from './errors.js';
import { escapeControls } from '../escape.js';
import { parseOptions } from './options.js';
import { module } from './scenario-file.js';

/** @typedef {import('../lesson.js').Lesson} Lesson */
/** @typedef {import('../lesson.js').Matcher} Matcher */
/** @typedef {import('../lesson.js').Problem} Problem */
/** @typedef {import('../lockstep.js').EmscriptenModule} EmscriptenModule */
/** @typedef {import('../lockstep.js').Summary} Summary */
/** @typedef {{line: number, column: number}} Position */

export const usage = 'lockstep check PATH... [--quiet]';

export const help = `${usage}

Checks lesson files (Markdown with YAML front matter; see lessons/README.md).
PATH is a lesson file or a folder of them (every *.md in it but README.md).

For each lesson: the front matter matches the schema, every text is there in
English and Chinese, the scenario compiles; and, running it: the goal is
reachable (the explorer finds it, or the solution or the starting run
reaches it), every beat, hint and matcher refers to something that happens,
every hint's next actor and question is right on the solution's path, every
outcome the lesson claims holds, and the goal of a lesson marked bug: true
cannot be reached under the correct variant.

Problems are printed as FILE:LINE:COL: FIELD: MESSAGE, then one line per
lesson and a last line "N passed, N failed".

  --quiet    print only the problems and the last line

Exit status: 0 when every lesson passes, 1 when some fail, 2 for bad usage.`;

/**
 * @param {string[]} argv
 * @param {{stdout: (s: string) => void}} io
 */
export async function run(argv, io) {
  const cmd = 'lockstep check';
  const { positional, options } = parseOptions(cmd, argv, { '--quiet': 'flag' });
  if (!positional.length) throw new CliError(`usage: ${usage}`);
  const files = lessonFiles(cmd, positional);
  const M = await module();
  const checker = new Checker(M);

  /** @type {{file: string, problems: Problem[], lesson: Lesson|null, learnerSteps: number|null, learnerActions: number|null}[]} */
  const results = [];
  for (const file of files) results.push({ file, ...checker.check(file) });
  crossCheck(results);

  let passed = 0;
  let failed = 0;
  for (const r of results) {
    const sorted = [...r.problems].sort((a, b) => a.line - b.line || a.column - b.column);
    for (const p of sorted) io.stdout(formatProblem(p) + '\n');
    if (r.problems.length) failed++;
    else passed++;
    if (!options['--quiet']) {
      if (r.problems.length) io.stdout(`FAIL ${r.file} (${plural(r.problems.length, 'problem')})\n`);
      else {
        const steps =
          r.learnerSteps === null
            ? ''
            : `, ${plural(r.learnerSteps, 'learner step')}${r.learnerActions !== r.learnerSteps ? `, ${plural(r.learnerActions ?? 0, 'action')} with fold` : ''}`;
        io.stdout(`ok   ${r.file} (${r.lesson?.id}${steps})\n`);
      }
    }
  }
  io.stdout(`${passed} passed, ${failed} failed\n`);
  return failed ? 1 : 0;
}

const plural = (/** @type {number} */ n, /** @type {string} */ w) => `${n} ${w}${n === 1 ? '' : 's'}`;

/**
 * The lesson files the paths name: a file as given, a folder's *.md but README.md.
 * @param {string} cmd @param {string[]} paths
 */
function lessonFiles(cmd, paths) {
  /** @type {string[]} */
  const out = [];
  for (const p of paths) {
    let st;
    try {
      st = statSync(p);
    } catch {
      throw new CliError(`${cmd}: cannot read ${escapeControls(p)}: no such file or folder`);
    }
    if (st.isDirectory()) {
      const found = readdirSync(p)
        .filter((f) => f.endsWith('.md') && f !== 'README.md')
        .sort()
        .map((f) => join(p, f));
      if (!found.length)
        throw new CliError(`${cmd}: ${escapeControls(p)} holds no lesson files (*.md other than README.md)`);
      out.push(...found);
    } else out.push(p);
  }
  return out;
}

/**
 * Ids and orders unique among the lessons checked together; a file named
 * NN-slug.md has order NN and id slug.
 * @param {{file: string, problems: Problem[], lesson: Lesson|null}[]} results
 */
function crossCheck(results) {
  /** @type {Map<string, string>} */
  const ids = new Map();
  /** @type {Map<number, string>} */
  const orders = new Map();
  for (const r of results) {
    const l = r.lesson;
    if (!l) continue;
    const add = (/** @type {Position} */ at, /** @type {string} */ field, /** @type {string} */ message) =>
      r.problems.push({ file: r.file, line: at.line, column: at.column, field, message });
    const m = /^(\d+)-(.+)\.md$/.exec(basename(r.file));
    if (m && Number(m[1]) !== l.order)
      add(l.at.order, 'order', `is ${l.order}, but the file name says ${Number(m[1])}`);
    if (m && m[2] !== l.id) add(l.at.id, 'id', `is '${l.id}', but the file name says '${m[2]}'`);
    const otherId = ids.get(l.id);
    if (otherId) add(l.at.id, 'id', `'${l.id}' is also the id of ${otherId}`);
    else ids.set(l.id, r.file);
    const otherOrder = orders.get(l.order);
    if (otherOrder) add(l.at.order, 'order', `${l.order} is also the order of ${otherOrder}`);
    else orders.set(l.order, r.file);
  }
}

/**
 * One run of the lesson's scenario, with the state before and after every step.
 * @typedef {object} Walk
 * @property {string} variant
 * @property {string|null} schedule
 * @property {string} policy
 * @property {Summary} summary
 * @property {Record<string, unknown>[]} events
 * @property {any[]} states     states[k]: after k steps
 * @property {string[]} actors  actors[k]: who took step k + 1
 * @property {string|null} error  a schedule that could not be read or diverged
 * @property {string} name  the path in words, for messages ("the solution under correct")
 */

class Checker {
  /** @param {EmscriptenModule} M */
  constructor(M) {
    this.M = M;
    this.catalog = catalog(M);
  }

  /**
   * @param {string} file
   * @returns {{problems: Problem[], lesson: Lesson|null, learnerSteps: number|null, learnerActions: number|null}}
   */
  check(file) {
    let text;
    try {
      const size = statSync(file).size;
      if (size > 4 * MAX_LESSON_CHARS)
        return {
          problems: [
            {
              file,
              line: 1,
              column: 1,
              field: 'file',
              message: `is ${size} bytes long; a lesson may be at most ${MAX_LESSON_CHARS} characters`,
            },
          ],
          lesson: null,
          learnerSteps: null,
          learnerActions: null,
        };
      text = readFileSync(file, 'utf8');
    } catch (e) {
      const err = /** @type {NodeJS.ErrnoException} */ (e);
      throw new CliError(
        `lockstep check: cannot read ${escapeControls(file)}: ${err.code === 'ENOENT' ? 'no such file' : err.message}`,
      );
    }
    let lesson;
    try {
      lesson = parseLesson(text, { file, catalog: this.catalog });
    } catch (e) {
      if (e instanceof LessonError)
        return { problems: e.problems, lesson: null, learnerSteps: null, learnerActions: null };
      throw e;
    }
    const run = new LessonRun(this.M, lesson);
    try {
      run.checkAll();
    } catch (e) {
      // What only the C side can check (an object's parameter out of range)
      // stops the checks; say it at the scenario.
      if (!(e instanceof LockstepError)) throw e;
      run.add(lesson.at.scenario, 'scenario', e.message);
    }
    return {
      problems: run.problems,
      lesson,
      learnerSteps: run.learnerSteps,
      learnerActions: run.learnerActions,
    };
  }
}

/** A lesson is won in at most this many learner actions (lessons/README.md). */
const MAX_LEARNER_ACTIONS = 15;

/** The most steps of one run whose states are all recorded. */
const MAX_WALK_STATES = 2000;

/** Everything `check` does with one parsed lesson. */
class LessonRun {
  /** @param {EmscriptenModule} M @param {Lesson} lesson */
  constructor(M, lesson) {
    this.M = M;
    this.lesson = lesson;
    /** @type {Problem[]} */
    this.problems = [];
    /** Every run made, for "does this matcher match anything". */
    /** @type {Walk[]} */
    this.walks = [];
    /** @type {Map<string, Walk>} */
    this.walkCache = new Map();
    /** @type {Map<string, import('../lockstep.js').ExploreStatus['result']>} */
    this.exploreCache = new Map();
    /** @type {number|null} */
    this.learnerSteps = null;
    /** @type {number|null} */
    this.learnerActions = null;
  }

  /**
   * How many actions the learner takes to play the solution from the start
   * to step `goalAt`: one per step, except that a run of one actor's steps
   * whose next actions all match the lesson's fold: is one action (Shift+N)
   * when Shift+N would stop exactly where the solution leaves the run (the
   * actor's next action there no longer folds).
   * @param {Walk} w @param {number} startSteps @param {number} goalAt
   */
  countActions(w, startSteps, goalAt) {
    return learnerActions(this.lesson.fold, w.variant, w.states, w.actors, startSteps, goalAt).length;
  }

  /** @param {Position} at @param {string} field @param {string} message */
  add(at, field, message) {
    this.problems.push({ file: this.lesson.file, line: at.line, column: at.column, field, message });
  }

  /** @param {string} variant */
  session(variant) {
    return new Session(this.M, this.lesson.bytecode, { variant, seed: 0 });
  }

  /**
   * Runs the scenario (replaying `schedule` first, then going on with the
   * policy) and records the state after every step.
   * @param {string} variant @param {string|null} schedule @param {'round-robin'|'manual'} policy
   * @param {string} [name]  the path in words (default: the variant and the schedule)
   * @returns {Walk}
   */
  walk(variant, schedule, policy, name) {
    const key = `${variant}\n${schedule}\n${policy}`;
    const cached = this.walkCache.get(key);
    if (cached) return cached;
    const s = this.session(variant);
    try {
      /** @type {string|null} */
      let error = null;
      try {
        s.run({ policy, schedule: schedule ?? '', maxSteps: this.lesson.explore.maxSteps });
      } catch (e) {
        if (!(e instanceof LockstepError)) throw e;
        error = e.message;
      }
      const summary = s.summary();
      if (summary.outcome === 'error')
        error = summary.message || summary.violation?.message || 'the run ended in an error';
      const events = s.trace();
      /** @type {any[]} */
      const states = [];
      /** @type {string[]} */
      const actors = [];
      /** @type {Map<number, string>} */
      const who = new Map();
      for (const e of events)
        if (e.actor !== undefined && !who.has(Number(e.step))) who.set(Number(e.step), String(e.actor));
      for (let k = 1; k <= summary.steps; k++) actors.push(who.get(k) ?? '');
      // Going to step k replays k steps: a lesson's runs are short, but a
      // runaway one only gets its first MAX_WALK_STATES states (and its last).
      for (let k = 0; k <= Math.min(summary.steps, MAX_WALK_STATES); k++) {
        s.goto(k);
        states.push(s.state());
      }
      if (summary.steps > MAX_WALK_STATES) {
        s.goto(summary.steps);
        states[summary.steps] = s.state();
      }
      /** @type {Walk} */
      const w = {
        variant,
        schedule,
        policy,
        summary,
        events,
        states,
        actors,
        error,
        name: name ?? `the run (${variant}, ${schedule ?? 'no schedule'}, then ${policy})`,
      };
      this.walkCache.set(key, w);
      this.walks.push(w);
      return w;
    } finally {
      s.free();
    }
  }

  /**
   * A dfs search (cached), its counterexample replayed as a walk.
   * @param {string} variant @param {number} bound @param {number} maxExecutions
   */
  explore(variant, bound, maxExecutions) {
    const key = `${variant}\n${bound}\n${maxExecutions}`;
    let r = this.exploreCache.get(key);
    if (!r) {
      const s = this.session(variant);
      try {
        s.exploreStart({
          strategy: 'dfs',
          bound,
          maxExecutions,
          maxSteps: this.lesson.explore.maxSteps,
          seed: 0,
          prune: true,
        });
        let st = s.exploreStep(5000);
        while (!st.finished) st = s.exploreStep(5000);
        s.exploreFinish();
        r = st.result;
      } finally {
        s.free();
      }
      this.exploreCache.set(key, r);
    }
    const replay =
      r.found && r.schedule
        ? this.walk(variant, r.schedule, 'manual', `the explorer's run under ${variant}`)
        : null;
    return { result: r, replay };
  }

  /**
   * The run a learner sees when they replay `schedule` under another
   * variant: it follows the schedule's actor order (an entry whose actor
   * cannot move there is passed over, since the variants' runs have parted),
   * then the default policy (round-robin) plays on to the end.
   * @param {string} variant @param {string} schedule @param {string} name
   * @returns {Walk}
   */
  follow(variant, schedule, name) {
    const s = this.session(variant);
    let followed;
    try {
      const tokens = scheduleTokens(schedule).map((t) => t.replace(/@.*$/, ''));
      let t = 0;
      for (let n = 0; n < this.lesson.explore.maxSteps; n++) {
        const st = s.state();
        if (st.outcome !== 'running') break;
        const enabled = st.actors
          .map((/** @type {any} */ a, /** @type {number} */ i) => ({ name: a.name, status: a.status, i }))
          .filter((/** @type {any} */ a) => a.status === 'enabled');
        if (!enabled.length) break;
        let pick = enabled[0];
        if (enabled.length > 1) {
          while (t < tokens.length && !enabled.some((/** @type {any} */ a) => a.name === tokens[t])) t++;
          if (t >= tokens.length) break;
          pick = enabled.find((/** @type {any} */ a) => a.name === tokens[t]);
          t++;
        }
        s.step(pick.i);
      }
      followed = s.summary().schedule;
    } finally {
      s.free();
    }
    return this.walk(variant, followed, 'round-robin', name);
  }

  /**
   * The step after which the goal holds in this walk, or -1.
   * @param {Walk} w
   */
  goalStep(w) {
    return goalStepOfRun(this.lesson.goal, w.events, w.states, w.variant);
  }

  checkAll() {
    const l = this.lesson;
    const goalVariant = l.goal.variant ?? l.variant;

    // The runs a learner sees first: the starting schedule, then round-robin, in every variant.
    for (const v of l.variants)
      this.walk(v, l.start, 'round-robin', `the starting run under ${v} (round-robin)`);
    const startStop = this.walk(l.variant, l.start, 'manual', 'the starting schedule');
    if (startStop.error) this.add(l.at.schedule, 'scenario.schedule', `does not replay: ${startStop.error}`);

    // The goal: reachable, and by the solution if there is one.
    let reached = this.goalStep(this.walk(goalVariant, l.start, 'round-robin')) >= 0;
    let solutionWalk = null;
    if (l.solution) {
      solutionWalk = this.walk(
        goalVariant,
        l.solution.schedule,
        'manual',
        `the solution under ${goalVariant}`,
      );
      this.walk(
        goalVariant,
        l.solution.schedule,
        'round-robin',
        `the solution under ${goalVariant}, then round-robin`,
      );
      // The solution replayed under each other variant, as the app replays it.
      for (const v of l.variants)
        if (v !== goalVariant)
          this.follow(
            v,
            l.solution.schedule,
            `the solution replayed under ${v} (same actor order, then round-robin)`,
          );
      const at = this.goalStep(solutionWalk);
      if (solutionWalk.error)
        this.add(l.at.solution, 'solution', `does not replay under ${goalVariant}: ${solutionWalk.error}`);
      else if (at < 0) {
        const s = solutionWalk.summary;
        this.add(
          l.at.solution,
          'solution',
          `does not reach the goal under ${goalVariant}: the run stops after ${s.steps} steps (${s.outcome === 'running' ? 'waiting for a choice' : s.outcome})`,
        );
      } else {
        reached = true;
        this.learnerSteps = at - startStop.summary.steps;
        this.learnerActions = this.countActions(solutionWalk, startStop.summary.steps, at);
        if (this.learnerActions > MAX_LEARNER_ACTIONS)
          this.add(
            l.at.solution,
            'solution',
            `takes ${plural(this.learnerActions, 'learner action')} to win; a lesson is won in at most ${MAX_LEARNER_ACTIONS} (start it later with scenario.schedule, or let fold: take the steps that change nothing shared in one go)`,
          );
      }
    }
    /** @type {string} */
    let searched = '';
    if (EXPLORABLE.includes(l.goal.kind)) {
      const { result, replay } = this.explore(goalVariant, l.explore.bound, l.explore.maxExecutions);
      if (replay && this.goalStep(replay) >= 0) reached = true;
      searched = result.found
        ? `; the explorer found a ${result.kind} run under ${goalVariant} that is not the goal`
        : `; the explorer found nothing under ${goalVariant} within bound ${l.explore.bound} (${plural(result.executions, 'execution')}${result.complete ? '' : `, incomplete: ${result.reason}`})`;
    } else if (!l.solution && !reached) {
      searched = `; the explorer cannot search for ${l.goal.kind} goals: give a solution: that reaches it`;
    }
    if (!reached)
      this.add(
        l.at.goal,
        'goal',
        `is not reachable: the starting run does not reach it${l.solution ? ', nor does the solution' : ''}${searched}`,
      );

    // A bug lesson: not reachable under correct, by a complete search.
    if (l.bug) {
      const { result, replay } = this.explore('correct', l.explore.bound, l.explore.maxExecutions);
      if (replay && this.goalStep(replay) >= 0)
        this.add(
          l.at.bug,
          'bug',
          `the goal is reachable under correct: the explorer found ${result.schedule}`,
        );
      else if (!result.complete)
        this.add(
          l.at.bug,
          'bug',
          `the search under correct was not complete within bound ${l.explore.bound} (${result.executions} executions${result.reason ? `: ${result.reason}` : ''}); raise explore: bound or max_executions`,
        );
    }

    // The explorer's run in every variant the learner can pick.
    if (EXPLORABLE.includes(l.goal.kind))
      for (const v of l.variants) this.explore(v, l.explore.bound, l.explore.maxExecutions);

    this.checkOutcomes();
    const startSteps = startStop.summary.steps;
    this.checkClaims(startSteps);
    if (solutionWalk && !solutionWalk.error) {
      this.checkHints(solutionWalk, startSteps);
      this.checkQuestions(solutionWalk, startSteps);
    } else {
      this.checkQuestions(null, startSteps);
    }
    this.checkMatchers(startSteps);
  }

  /**
   * What beats and hint stages claim (`verify:`) holds on every path they
   * can be shown on: every run this check made (the starting runs, the
   * solution in its variant and replayed under the others, the explorer's
   * runs, the outcomes' runs).  A beat's claim is checked after each step it
   * is said at; a stage's at every step it is the one shown while the run
   * goes on.  Each is reported once, on the first path that contradicts it.
   * @param {number} startSteps
   */
  checkClaims(startSteps) {
    const l = this.lesson;
    if (!l.beats.some((b) => b.verify.length) && !l.hints.some((h) => h.verify.length)) return;
    /** @type {Set<string>} */
    const reported = new Set();
    for (const w of this.walks) {
      if (w.error) continue;
      for (let k = startSteps; k < w.states.length; k++) {
        const state = w.states[k];
        if (!state) continue;
        const events = w.events.filter((e) => Number(e.step) <= k);
        if (k > startSteps)
          for (const { index, beat } of beatsAt(l.beats, events, k, w.variant, state)) {
            const wrong = beat.verify.filter((p) => !evaluate(p, state).holds);
            if (!wrong.length || reported.has(`b${index}`)) continue;
            reported.add(`b${index}`);
            this.add(
              l.at.beatVerify[index],
              `beats[${index}].verify`,
              `does not hold when the beat is said at step ${k} of ${w.name}: ${wrong.map((p) => explainFalse(p, state)).join('; ')}`,
            );
          }
        if (state.outcome !== 'running') continue;
        const stage = hintStage(l.hints, events, w.variant, state);
        const h = stage >= 0 ? l.hints[stage] : null;
        if (!h || reported.has(`h${stage}`)) continue;
        const wrong = h.verify.filter((p) => !evaluate(p, state).holds);
        if (!wrong.length) continue;
        reported.add(`h${stage}`);
        this.add(
          l.at.hintVerify[stage],
          `hints[${stage}].verify`,
          `does not hold while the stage is shown after step ${k} of ${w.name}: ${wrong.map((p) => explainFalse(p, state)).join('; ')}`,
        );
      }
    }
  }

  /** Each hint stage's next actor is the one the solution takes when the stage begins. */
  checkHints(/** @type {Walk} */ w, /** @type {number} */ startSteps) {
    const l = this.lesson;
    const goalAt = this.goalStep(w);
    l.hints.forEach((h, i) => {
      let begins = startSteps;
      // A stage for another variant than the solution's is not on its path.
      if (h.after?.variant && !h.after.variant.includes(w.variant)) return;
      if (h.variant && !h.variant.includes(w.variant)) return;
      if (h.after) {
        const e = findEvent(h.after, w.events, w.variant);
        const anywhere = this.walks.some(
          (x) => findEvent(/** @type {Matcher} */ (h.after), x.events, x.variant) >= 0,
        );
        if (!anywhere) return; // checkMatchers says so
        if (e < 0 || Number(w.events[e].step) >= goalAt) {
          this.add(
            l.at.hintAfter[i],
            `hints[${i}].after`,
            "never happens on the solution's path before the goal",
          );
          return;
        }
        begins = Math.max(startSteps, Number(w.events[e].step));
      }
      const who = w.actors[begins];
      if (who !== h.next.actor)
        this.add(
          l.at.hintNext[i],
          `hints[${i}].next.actor`,
          `is ${h.next.actor}, but the solution's next step there (step ${begins + 1}) is ${who || "nobody's"}`,
        );
    });
  }

  /**
   * Each question comes due after the starting schedule on the solution's
   * path (else on some run), and its verify: holds after the step.
   * @param {Walk|null} solution @param {number} startSteps
   */
  checkQuestions(solution, startSteps) {
    const l = this.lesson;
    l.questions.forEach((q, i) => {
      const walks = solution ? [solution] : this.walks;
      for (const w of walks) {
        for (let k = startSteps; k < w.actors.length; k++) {
          if (!w.states[k] || !w.states[k + 1]) continue;
          const upTo = w.events.filter((e) => Number(e.step) <= k);
          const who = questionDue(q, w.states[k], upTo, w.variant);
          if (who === null || w.actors[k] !== who) continue;
          const after = w.states[k + 1];
          const wrong = q.verify.filter((p) => !evaluate(p, after).holds);
          if (wrong.length)
            this.add(
              l.at.questionVerify[i],
              `questions[${i}].verify`,
              `does not hold after ${who}'s step (step ${k + 1}): ${wrong.map((p) => explainFalse(p, after)).join('; ')}`,
            );
          const stepEvents = w.events.filter((e) => Number(e.step) === k + 1);
          if (
            q.verifyEvent &&
            !stepEvents.some((e) => matchEvent(/** @type {Matcher} */ (q.verifyEvent), e, w.variant))
          )
            this.add(
              l.at.questionVerifyEvent[i],
              `questions[${i}].verify_event`,
              `${who}'s step (step ${k + 1}) has no such event; it has: ${stepEvents.map(describeEvent).join('; ')}`,
            );
          return;
        }
      }
      this.add(
        l.at.questions[i],
        `questions[${i}].before`,
        solution
          ? "is never due on the solution's path (no actor's next action matches where the if: holds)"
          : 'is never due in any run of this lesson',
      );
    });
  }

  checkOutcomes() {
    const l = this.lesson;
    l.outcomes.forEach((o, i) => {
      const field = (/** @type {string} */ k) => `outcomes[${i}].expect.${k}`;
      const say = (/** @type {string} */ k, /** @type {string} */ message) =>
        this.add(o.expectAt[k] ?? o.at, field(k), message);
      const e = o.expect;
      if (o.how === 'explore' && o.explore) {
        const { variant, bound, maxExecutions } = o.explore;
        const { result, replay } = this.explore(variant, bound, maxExecutions);
        const where = `the explorer (${variant}, bound ${bound})`;
        if (e.found !== undefined && result.found !== e.found)
          say(
            'found',
            `${where} ${result.found ? `found a ${result.kind} run` : 'found nothing'}; the lesson says found: ${e.found}`,
          );
        // What describes a counterexample (its kind, length, preemptions)
        // means nothing when there is none: say so once, unless found: did.
        const missing = !result.found && e.found !== true;
        if (e.kind !== undefined && result.found && result.kind !== e.kind)
          say('kind', `${where} found ${result.kind}; the lesson says ${e.kind}`);
        if (e.complete !== undefined && result.complete !== e.complete)
          say(
            'complete',
            `the search was ${result.complete ? '' : 'not '}complete; the lesson says complete: ${e.complete}`,
          );
        for (const k of ['kind', 'preemptions', 'steps']) {
          if (e[k] !== undefined && missing) {
            say(
              k,
              `${where} found nothing, so there is no ${k === 'kind' ? 'kind' : k} to compare; the lesson says ${e[k] && typeof e[k] === 'object' ? rangeText(e[k]) : e[k]}`,
            );
            break;
          }
        }
        for (const k of ['preemptions', 'executions', 'steps']) {
          if (e[k] === undefined || (k !== 'executions' && !result.found)) continue;
          const actual = /** @type {number} */ (/** @type {any} */ (result)[k]);
          if (!inRange(actual, e[k]))
            say(k, `${where} reports ${actual} ${k}; the lesson says ${rangeText(e[k])}`);
        }
        if (e.goal !== undefined) {
          const got = replay !== null && this.goalStep(replay) >= 0;
          if (got !== e.goal)
            say(
              'goal',
              `what ${where} found ${got ? 'reaches' : 'does not reach'} the goal; the lesson says goal: ${e.goal}`,
            );
        }
        return;
      }
      if (!o.run) return;
      const w = this.walk(o.run.variant, o.run.schedule, o.run.policy);
      const where = `the run (${o.run.variant}, ${o.run.scheduleName ?? o.run.schedule ?? 'no schedule'})`;
      if (w.error) {
        this.add(o.howAt, `outcomes[${i}].run`, `does not replay: ${w.error}`);
        return;
      }
      const s = w.summary;
      const last = w.states[w.states.length - 1];
      const outcome = s.end === 'limit' ? 'limit' : s.outcome;
      if (e.outcome !== undefined && outcome !== e.outcome)
        say('outcome', `${where} ends ${outcome}; the lesson says ${e.outcome}`);
      if (e.steps !== undefined && !inRange(s.steps, e.steps))
        say('steps', `${where} takes ${s.steps} steps; the lesson says ${rangeText(e.steps)}`);
      if (e.stuck !== undefined) {
        const got = s.stuck.map((x) => x.actor).sort();
        const want = [...e.stuck].sort();
        if (got.join(',') !== want.join(','))
          say(
            'stuck',
            `${where} leaves ${got.length ? got.join(', ') : 'nobody'} stuck; the lesson says ${want.join(', ') || 'nobody'}`,
          );
      }
      if (e.violation !== undefined && s.violation?.kind !== e.violation)
        say(
          'violation',
          `${where} ends with ${s.violation ? `a ${s.violation.kind} violation` : 'no violation'}; the lesson says ${e.violation}`,
        );
      if (e.goal !== undefined) {
        const got = this.goalStep(w) >= 0;
        if (got !== e.goal)
          say(
            'goal',
            `${where} ${got ? 'reaches' : 'does not reach'} the goal; the lesson says goal: ${e.goal}`,
          );
      }
      if (e.state !== undefined)
        /** @type {import('../lesson.js').Predicate[]} */ (e.state).forEach((p) => {
          if (!evaluate(p, last).holds)
            say('state', `'${p.text}' does not hold at the end of ${where}: ${explainFalse(p, last)}`);
        });
      if (e.count !== undefined)
        /** @type {{of: Matcher, is: any}[]} */ (e.count).forEach((c, j) => {
          const n = w.events.filter((ev) => matchEvent(c.of, ev, w.variant)).length;
          if (!inRange(n, c.is))
            this.add(
              o.countAt[j].is,
              `outcomes[${i}].expect.count[${j}].is`,
              `${where} has ${plural(n, 'such event')}; the lesson says ${rangeText(c.is)}`,
            );
        });
      if (e.order !== undefined && findOrder(e.order, w.events, w.variant) < 0)
        say('order', `${where} does not have these events in this order`);
    });
  }

  /**
   * Every matcher of the lesson matches some event (or next action) of some run.
   * @param {number} startSteps  how many steps the starting schedule plays
   */
  checkMatchers(startSteps) {
    const l = this.lesson;
    /** @type {{m: Matcher, at: Position, field: string}[]} */
    const all = [];
    l.beats.forEach((b, i) => all.push({ m: b.when, at: l.at.beats[i], field: `beats[${i}].when` }));
    l.hints.forEach(
      (h, i) => h.after && all.push({ m: h.after, at: l.at.hintAfter[i], field: `hints[${i}].after` }),
    );
    (l.goal.events ?? []).forEach((m, i) =>
      all.push({ m, at: l.at.goalEvents[i], field: `goal.${l.goal.kind}[${i}]` }),
    );
    l.outcomes.forEach((o, i) => {
      (o.expect.count ?? []).forEach((/** @type {{of: Matcher}} */ c, /** @type {number} */ j) =>
        all.push({ m: c.of, at: o.countAt[j].of, field: `outcomes[${i}].expect.count[${j}].of` }),
      );
      (o.expect.order ?? []).forEach((/** @type {Matcher} */ m, /** @type {number} */ j) =>
        all.push({ m, at: o.orderAt[j], field: `outcomes[${i}].expect.order[${j}]` }),
      );
    });
    l.questions.forEach((q, i) => {
      if (q.after) all.push({ m: q.after, at: l.at.questionAfter[i], field: `questions[${i}].after` });
      if (q.verifyEvent)
        all.push({
          m: q.verifyEvent,
          at: l.at.questionVerifyEvent[i],
          field: `questions[${i}].verify_event`,
        });
    });
    for (const { m, at, field } of all) {
      if (this.walks.some((w) => findEvent(m, w.events, w.variant) >= 0)) continue;
      this.add(at, field, `matches no event in any run of this lesson${this.nearMiss(m)}`);
    }
    l.questions.forEach((q, i) => {
      const seen = this.walks.some((w) =>
        w.states.some((st) =>
          (st?.actors ?? []).some((/** @type {any} */ a) => matchNext(q.before, a.name, a.next, w.variant)),
        ),
      );
      if (!seen)
        this.add(
          l.at.questions[i],
          `questions[${i}].before`,
          `matches no actor's next action in any run of this lesson${this.nearMiss(q.before)}`,
        );
    });
    // Beats are said for the learner's steps, not for the starting
    // schedule's: a beat must be said (by beatsAt, the player's own function)
    // at some step after the start in some run.
    l.beats.forEach((b, i) => {
      const matching = this.walks.filter((x) => findEvent(b.when, x.events, x.variant) >= 0);
      if (!matching.length) return; // reported above
      const said = matching.some((w) => {
        for (let step = startSteps + 1; step < w.states.length; step++) {
          const upTo = w.events.filter((x) => Number(x.step) <= step);
          if (beatsAt(l.beats, upTo, step, w.variant, w.states[step]).some((x) => x.index === i)) return true;
        }
        return false;
      });
      if (!said)
        this.add(
          l.at.beats[i],
          `beats[${i}].when`,
          `is never said: in every run it first matches during the starting schedule (the first ${startSteps} steps), before the learner's first step, or where its variant: or if: does not hold`,
        );
    });
  }

  /**
   * A hint for a matcher that matches nothing: the field whose value no
   * event has, with the closest value that exists.
   * @param {Matcher} m
   */
  nearMiss(m) {
    for (const [field, want] of Object.entries(m)) {
      if (field === 'variant') continue;
      /** @type {Set<string>} */
      const values = new Set();
      for (const w of this.walks)
        for (const e of w.events) if (e[field] !== undefined) values.add(String(e[field]));
      const missing = want.filter((v) => !values.has(String(v)));
      if (!missing.length) continue;
      const v = String(missing[0]);
      const close = closest(v, [...values]);
      return `: no event has ${field} '${v}'${close ? ` (did you mean '${close}'?)` : ''}`;
    }
    return ': each field occurs, but never all together';
  }
}

/** An event in words, for messages: "A note 'no waiter'". */
function describeEvent(/** @type {Record<string, unknown>} */ e) {
  return [e.actor, e.kind, e.object, e.label === undefined ? undefined : `'${e.label}'`]
    .filter((x) => x !== undefined)
    .join(' ');
}

/** @param {number} n @param {number|{min?: number, max?: number}} r */
function inRange(n, r) {
  if (typeof r === 'number') return n === r;
  return (r.min === undefined || n >= r.min) && (r.max === undefined || n <= r.max);
}

/** @param {number|{min?: number, max?: number}} r */
function rangeText(r) {
  if (typeof r === 'number') return String(r);
  if (r.min !== undefined && r.max !== undefined) return `${r.min} to ${r.max}`;
  return r.min !== undefined ? `at least ${r.min}` : `at most ${r.max}`;
}

/**
 * The value nearest to `v` by edit distance, if it is near enough.
 * @param {string} v @param {string[]} values
 */
function closest(v, values) {
  let best = null;
  let bestD = Math.max(2, Math.floor(v.length / 3)) + 1;
  for (const x of values) {
    const d = distance(v.toLowerCase(), x.toLowerCase());
    if (d < bestD) {
      best = x;
      bestD = d;
    }
  }
  return best;
}

/** @param {string} a @param {string} b */
function distance(a, b) {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length];
}
