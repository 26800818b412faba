/*
 * A compiled lesson's or scenario's chunk (web/plugins/builtIn.ts) brings,
 * beside its source, its engine's card and where its engine's wasm module
 * is: the registry and the module loader learn both as it opens, so a page
 * needs no list of engines to open it.
 */
import type { BuiltSource, ScenarioSource } from '../bridge/bridge';
import { knowModule, type ModulePlace } from '../bridge/load';
import { knowCard } from './index';
import type { EngineCard } from './types';

export interface BuiltChunk {
  default: BuiltSource | ScenarioSource;
  /** its engine's card, when it compiled and its engine is listed */
  engine?: EngineCard;
  /** where its engine's page module is, when the build has it */
  module?: ModulePlace;
}

/** The chunk's source, once what it brings is known. */
export function sourceOf(chunk: BuiltChunk): BuiltSource | ScenarioSource {
  if (chunk.engine) knowCard(chunk.engine);
  if (chunk.module) knowModule(chunk.module);
  return chunk.default;
}
