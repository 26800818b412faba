/*
 * A page's module has no explorer: the browser's explorer workers load a
 * module of their own with it (api_explore.c; mk/wasm.mk), so a page that
 * only steps does not download the search, which Asyncify makes a fifth of
 * the module.  Here no session ever has a search to drop.
 */
#include "session.h"

void explorer_forget(int h) { (void)h; }
