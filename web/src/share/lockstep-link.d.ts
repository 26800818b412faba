/*
 * Types of wasm/js/link.js (the link format shared with the command line),
 * of the checks the author page's worker runs (wasm/js/check/), as the web
 * app uses them; kept in step with those files.
 */
declare module '@lockstep/link.js' {
  export type LinkProblem =
    'no-src' | 'not-base64' | 'truncated' | 'corrupt' | 'too-long' | 'too-big' | 'not-text';
  export const LINK_NOTE_CHARS: number;
  export const MAX_LINK_CHARS: number;
  export const MAX_DOCUMENT_BYTES: number;
  export const LINK_PROBLEMS: Record<LinkProblem, string>;
  export class LinkError extends Error {
    constructor(problem: LinkProblem);
    problem: LinkProblem;
  }
  export function toBase64url(bytes: Uint8Array): string;
  export function fromBase64url(text: string): Uint8Array;
  export function isLink(text: string): boolean;
  export function payloadOf(link: string): string;
  export function documentKind(text: string): 'lesson' | 'scenario';
  export function decodeText(bytes: Uint8Array): string;
}

declare module '@lockstep/check/lesson.js' {
  export function checkLesson(
    M: import('@lockstep/lockstep.js').EmscriptenModule,
    text: string,
    options?: { file?: string; catalog?: unknown; cache?: RunCache },
  ): { problems: import('../bridge/types').ScenarioProblem[]; lesson: unknown };
}

declare module '@lockstep/check/scenario.js' {
  export function checkScenario(
    M: import('@lockstep/lockstep.js').EmscriptenModule,
    text: string,
    options?: { file?: string; catalog?: unknown },
  ): { problems: import('../bridge/types').ScenarioProblem[]; compiled: unknown };
}

declare module '@lockstep/check/lesson.js' {
  /** runs kept from one check to the next while the scenario stays the same */
  export class RunCache {}
}

declare module '@lockstep/lesson.js' {
  /** the mark a draft translation starts with (lesson/languages.js) */
  export const DRAFT_MARK: string;
}
