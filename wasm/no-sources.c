/*
 * The browser's module embeds no engine sources: they are a third of its
 * download, and only the Source tab needs them.  The app fetches
 * build/wasm/engine-sources.json (wasm/embed-sources.mjs) the first time it
 * shows code; ls_sources in this build answers [].  The node build links
 * build/gen/sources.c instead.
 */
const char *const lockstep_source_paths[] = {0};
const char *const lockstep_source_texts[] = {0};
