/*
 * What the module's exports share: a session (one scenario on one machine)
 * and the prologues and endings every exported call uses.  api.c defines
 * them and the exports that load, step and read a session; api_explore.c
 * the explorer's exports, linked only into the modules that search (node's,
 * the browser's explorer workers'), so a page that only steps carries no
 * explorer.
 */
#ifndef LOCKSTEP_WASM_SESSION_H
#define LOCKSTEP_WASM_SESSION_H

#include "../core/script/world.h"
#include "../core/sim/json.h"
#include "../core/sim/run.h"

#include <stdbool.h>

#define MAX_SESSIONS 16

typedef struct session {
    bool used;
    script_program *program;
    script_world *world;
    int status; /* of the last call: 0 ok, -1 failed */
    char error[400];
    sim_run_result run;
    jbuf out;
} session;

/* The session of handle h, or NULL (and the reason where ls_error finds it). */
session *session_get(int h);
void session_ok(session *s);
/* The call failed: `message` (which may quote input, so it is escaped) for ls_error. */
void session_failed(session *s, const char *message);
/* The prologue of every call on a loaded scenario: the session of handle h
 * (in *out, NULL for a bad handle) and its machine, or NULL with the reason
 * set where ls_error finds it. */
sim_machine *session_begin(int h, session **out);
/* The prologue of a call that answers with text: the session's output,
 * cleared, and its machine in *m; NULL (and nothing cleared) if there is no
 * machine. */
jbuf *session_reply(int h, sim_machine **m);
/* The end of a call that runs actors: rc 0 is success, anything else fails
 * with `message`. */
void session_conclude(session *s, int rc, const char *message);

/* Session h's scenario goes away: its search, if any, goes with it.
 * api_explore.c defines it; a module without the explorer links
 * no-explorer.c, where there is never a search to drop. */
void explorer_forget(int h);

#endif
