import { describe, expect, it } from 'vitest';
import type { ActorState } from '../bridge/types';
import {
  baseName,
  defaultFile,
  engineFiles,
  marksByLine,
  marksIn,
  parseSite,
  sourceLines,
  tokenizeC,
} from './source';

const actor = (name: string, status: ActorState['status'], site?: string): ActorState => ({
  name,
  kind: 'thread',
  priority: 0,
  op: 0,
  status,
  parker: 0,
  next: site ? { kind: 'load', site } : undefined,
});

// an engine's files as the sources JSON gives them (a made-up engine: the functions read paths, not engines)
const files = [
  { path: 'engines/some_lock/mini_mutex.h', text: '#define LOCKED 1\n' },
  { path: 'engines/some_lock/mini_mutex.c', text: 'a\nb\nc\n' },
  { path: 'engines/some_lock/lot.c', text: 'x\ny\n' },
  { path: 'plat/plat.h', text: 'p\n' },
];
const listed = [
  'engines/some_lock/mini_mutex.h',
  'engines/some_lock/mini_mutex.c',
  'engines/some_lock/lot.c',
];

describe('source sites', () => {
  it('parse "path:line"', () => {
    expect(parseSite('engines/some_lock/mini_mutex.c:42')).toEqual({
      path: 'engines/some_lock/mini_mutex.c',
      line: 42,
    });
    expect(parseSite('nope')).toBeNull();
    expect(parseSite('a.c:0')).toBeNull();
    expect(parseSite(undefined)).toBeNull();
    expect(baseName('engines/some_lock/lot.c')).toBe('lot.c');
  });
  it('mark each unfinished actor’s next line, by file', () => {
    const actors = [
      actor('A', 'enabled', 'engines/some_lock/lot.c:2'),
      actor('B', 'blocked', 'engines/some_lock/lot.c:2'),
      actor('C', 'finished', 'engines/some_lock/lot.c:1'),
      actor('D', 'enabled', 'engines/some_lock/mini_mutex.c:3'),
    ];
    const marks = marksIn('engines/some_lock/lot.c', actors);
    expect(marks).toEqual([
      { actor: 'A', index: 0, line: 2 },
      { actor: 'B', index: 1, line: 2 },
    ]);
    expect(
      marksByLine(marks)
        .get(2)
        ?.map((m) => m.actor),
    ).toEqual(['A', 'B']);
  });
  it('offer the engine’s files, .c first, and pick where the first enabled actor is', () => {
    const actors = [
      actor('A', 'blocked', 'plat/plat.h:1'),
      actor('B', 'enabled', 'engines/some_lock/lot.c:1'),
    ];
    const offered = engineFiles(files, listed, actors).map((f) => baseName(f.path));
    expect(offered).toEqual(['mini_mutex.c', 'lot.c', 'mini_mutex.h', 'plat.h']);
    expect(defaultFile(engineFiles(files, listed, actors), actors)).toBe('engines/some_lock/lot.c');
    expect(defaultFile(engineFiles(files, listed, []), [])).toBe('engines/some_lock/mini_mutex.c');
  });
  it('split text into lines without an empty last one', () => {
    expect(sourceLines('a\nb\n')).toEqual(['a', 'b']);
    expect(sourceLines('a')).toEqual(['a']);
  });
});

describe('colouring C', () => {
  const src = [
    '#include "lot.h" // the lot',
    'static bool f(int x) {',
    '    /* a comment',
    '       over lines */ return x == 0x1F; // "no" string here',
    '    plat_note(AT("validate ok"), 1);',
    '}',
  ].join('\n');
  const lines = tokenizeC(src);
  it('never loses or reorders a character', () => {
    expect(lines.map((l) => l.map((t) => t.text).join('')).join('\n')).toBe(src);
  });
  it('finds comments, strings, keywords, types, numbers, calls and the preprocessor', () => {
    const kinds = (i: number) =>
      lines[i]!.filter((t) => t.kind !== 'plain').map((t) => `${t.kind}:${t.text.trim()}`);
    expect(kinds(0)).toEqual(['preproc:#include "lot.h"', 'comment:// the lot']);
    expect(kinds(1)).toEqual(['keyword:static', 'type:bool', 'call:f', 'type:int']);
    expect(kinds(2)).toEqual(['comment:/* a comment']);
    expect(kinds(3)).toEqual([
      'comment:over lines */',
      'keyword:return',
      'number:0x1F',
      'comment:// "no" string here',
    ]);
    expect(kinds(4)).toEqual(['call:plat_note', 'call:AT', 'string:"validate ok"', 'number:1']);
  });
});
