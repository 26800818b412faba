// @ts-check
/**
 * Where each part of a parsed lesson stands in the file, for the check to
 * report a problem found by running it (lesson.js's LessonPositions).
 */

/** @typedef {import('./parser.js').Parser} Parser */
/** @typedef {import('./play.js').Goal} Goal */
/** @typedef {import('./play.js').Beat} Beat */
/** @typedef {import('./play.js').HintStage} HintStage */
/** @typedef {import('./play.js').Question} Question */
/** @typedef {{line: number, column: number}} Position */
/** @typedef {import('../lesson.js').LessonPositions} LessonPositions */

/**
 * @param {Parser} p
 * @param {{goal: Goal, beats: Beat[], hints: HintStage[], questions: Question[], body: Record<string, Position>}} parts
 * @returns {LessonPositions}
 */
export function positions(p, { goal, beats, hints, questions, body }) {
  const d = p.data;
  return {
    file: { line: 1, column: 1 },
    id: p.at(['id']),
    engine: p.at(['engine']),
    goal: p.at(['goal']),
    bug: p.at(d.bug === undefined ? ['goal'] : ['bug']),
    proven: p.at(d.proven === undefined ? ['goal'] : ['proven']),
    scenario: p.at(['scenario']),
    schedule: p.at(d.scenario.schedule === undefined ? ['scenario'] : ['scenario', 'schedule']),
    solution: p.at(d.solution === undefined ? ['goal'] : ['solution']),
    body,
    beats: beats.map((_, i) => p.at(['beats', i, 'when'])),
    recapVerify: p.at(d.recap.verify === undefined ? ['recap'] : ['recap', 'verify']),
    openingVerify: p.at(
      d.opening === undefined
        ? ['scenario']
        : d.opening.verify === undefined
          ? ['opening']
          : ['opening', 'verify'],
    ),
    beatVerify: beats.map((b, i) => p.at(b.verify.length ? ['beats', i, 'verify'] : ['beats', i, 'when'])),
    hintVerify: hints.map((h, i) => p.at(h.verify.length ? ['hints', i, 'verify'] : ['hints', i])),
    hints: hints.map((_, i) => p.at(['hints', i])),
    hintAfter: hints.map((h, i) => p.at(h.after ? ['hints', i, 'after'] : ['hints', i])),
    hintNext: hints.map((_, i) => p.at(['hints', i, 'next', 'actor'])),
    questions: questions.map((_, i) => p.at(['questions', i, 'before'])),
    questionVerify: questions.map((q, i) =>
      p.at(q.verify.length ? ['questions', i, 'verify'] : ['questions', i]),
    ),
    questionAfter: questions.map((q, i) => p.at(q.after ? ['questions', i, 'after'] : ['questions', i])),
    questionVerifyEvent: questions.map((q, i) =>
      p.at(q.verifyEvent ? ['questions', i, 'verify_event'] : ['questions', i]),
    ),
    goalEvents: (goal.events ?? []).map((_, i) => p.at(['goal', goal.kind, i])),
  };
}
