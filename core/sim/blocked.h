/*
 * Why an actor cannot move, as data: a reason code and its arguments.
 *
 * The reason is computed once (sim_blocked_of, core/sim/blocked.c) and put
 * into words only where it is shown: the command line's English comes from
 * the code's own `english` (the machine's and the models' codes in
 * core/sim/report.c, an engine's next to its binding), the JSON carries the
 * code and its arguments ({"why": "lock", "object": "m", "holder": "A"}),
 * and the web app says it in English or Chinese from the code
 * (web/src/model/blocked.ts, which has an entry for every code defined in C).
 *
 * A code is defined once, as `const sim_blocked_code <c_name> = {"name",
 * english}`; its name never changes (saved traces and the web use it).
 */
#ifndef LOCKSTEP_BLOCKED_H
#define LOCKSTEP_BLOCKED_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct sim_blocked;

typedef struct sim_blocked_code {
    const char *name; /* "lock", "<engine>.<code>": [a-z_.]+ */
    /* The English the command line prints for it, from the arguments. */
    void (*english)(const struct sim_blocked *r, char *buf, size_t size);
} sim_blocked_code;

#define SIM_BLOCKED_ARGS 12

typedef struct sim_blocked_arg {
    const char *key; /* a static string: "object", "holder", "until" */
    bool is_text;
    int64_t num;
    char text[80];
} sim_blocked_arg;

typedef struct sim_blocked {
    const sim_blocked_code *code; /* NULL: the actor can move */
    /* The scheduling model holds back an actor the machine's own rule would
     * let move (it waits for the processor, a handler, its turn to be
     * polled), as opposed to one waiting for a lock, a wake or a time.  Set
     * by sim_blocked_of, never by a code's author; the JSON says "held":true. */
    bool held;
    int n;
    sim_blocked_arg args[SIM_BLOCKED_ARGS];
} sim_blocked;

/* Start a reason: the code, no arguments yet, not held. */
void sim_blocked_set(sim_blocked *r, const sim_blocked_code *code);
/* Add an argument (arguments past SIM_BLOCKED_ARGS are dropped; text is cut
 * at 79 bytes).  The key must be a static string. */
void sim_blocked_num(sim_blocked *r, const char *key, int64_t value);
void sim_blocked_text(sim_blocked *r, const char *key, const char *text);
/* Read an argument back: NULL when it is absent. */
const sim_blocked_arg *sim_blocked_arg_of(const sim_blocked *r, const char *key);
/* An argument's number (`absent` if there is none) or text ("?" if none). */
int64_t sim_blocked_num_of(const sim_blocked *r, const char *key, int64_t absent);
const char *sim_blocked_text_of(const sim_blocked *r, const char *key);
/* For `english` functions: append printf-style text at buf[used..] and
 * return the new length (never past size - 1; the text is cut there). */
size_t sim_say(char *buf, size_t size, size_t used, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The reason in the command line's English ("" when there is none). */
void sim_blocked_english(const sim_blocked *r, char *buf, size_t size);

#endif
