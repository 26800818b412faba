/*
 * tworld: small worlds written in C for machine tests (see tworld.h).
 */
#include "tworld.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void tw_actor(tworld *w, const char *name, tw_fn fn)
{
    if (w->n_actors == TW_MAX_ACTORS) {
        fprintf(stderr, "tworld: more than %d actors\n", TW_MAX_ACTORS);
        abort();
    }
    w->names[w->n_actors] = name;
    w->fns[w->n_actors] = fn;
    w->n_actors++;
}

void tw_actor_as(tworld *w, const char *name, sim_actor_kind kind, int priority, tw_fn fn)
{
    tw_actor(w, name, fn);
    w->kinds[w->n_actors - 1] = kind;
    w->prios[w->n_actors - 1] = priority;
}

void tw_add(plat_a32 *cell) { plat_fetch_add32(cell, 1, PLAT_RELAXED, AT("fetch_add value, 1")); }

void tw_racy_add(plat_a32 *cell)
{
    uint32_t mine = plat_load32(cell, PLAT_RELAXED, AT("read value"));
    plat_store32(cell, mine + 1, PLAT_RELAXED, AT("write value + 1"));
}

/* Every actor's coroutine starts here; the actor's index is its position. */
static void trampoline(void *arg)
{
    tworld *w = arg;
    int self = sim_current_actor(sim_running());
    w->fns[self](w, self);
}

/* The setup function: runs on sim_reset and on every sim_goto, so it must
 * put every object back to its initial state. */
static int setup(sim_machine *m, void *arg)
{
    tworld *w = arg;
    memset(&w->x, 0, sizeof w->x);
    memset(&w->y, 0, sizeof w->y);
    plat_lock_init(&w->m);
    plat_lock_init(&w->n);
    memset(w->seen, 0, sizeof w->seen);
    memset(w->n_seen, 0, sizeof w->n_seen);
    if (sim_add_region(m, "x", &w->x, sizeof w->x, 0, 0) < 0 ||
        sim_add_region(m, "y", &w->y, sizeof w->y, 0, 0) < 0 ||
        sim_add_region(m, "m", &w->m, sizeof w->m, 0, 0) < 0 ||
        sim_add_region(m, "n", &w->n, sizeof w->n, 0, 0) < 0 ||
        sim_add_region(m, "total", &w->total, sizeof w->total, 0, 0) < 0 ||
        sim_add_region(m, "racy", &w->racy, sizeof w->racy, 0, 0) < 0)
        return -1;
    plat_init32(&w->total, 0);
    plat_init32(&w->racy, 0);
    for (int i = 0; i < w->n_actors; i++)
        if (sim_add_actor(m, w->names[i], w->kinds[i], w->prios[i], trampoline, w) < 0)
            return -1;
    if (w->on_setup)
        w->on_setup(w, m);
    return 0;
}

/* The notebook is the world's state outside its regions: a state of the
 * stateful search (core/sim/visited.c) includes what each actor saw. */
static const void *notebook(const sim_machine *m, size_t *size, void *arg)
{
    (void)m;
    tworld *w = arg;
    *size = (size_t)((const char *)(w->n_seen + TW_MAX_ACTORS) - (const char *)w->seen);
    return w->seen;
}

sim_machine *tw_start_cfg(tworld *w, const sim_config *cfg)
{
    sim_hooks hooks = {.state_bytes = notebook, .whole_state = true};
    w->machine = sim_new(cfg, setup, w, &hooks);
    if (!w->machine)
        check_fail(__FILE__, __LINE__, "tworld: out of memory");
    if (sim_reset(w->machine) != 0)
        check_fail(__FILE__, __LINE__, "tworld: setup failed: %s", sim_error(w->machine));
    return w->machine;
}

sim_machine *tw_start(tworld *w, bool trace)
{
    sim_config cfg = {.trace = trace, .stack_size = w->stack_size};
    return tw_start_cfg(w, &cfg);
}

void tw_free(tworld *w)
{
    sim_free(w->machine);
    w->machine = NULL;
}

void tw_saw(tworld *w, int self, int64_t value)
{
    if (w->n_seen[self] < TW_MAX_SEEN)
        w->seen[self][w->n_seen[self]++] = value;
}

static void machine_action(sim_act_kind kind, plat_site at)
{
    sim_action x = {.kind = kind, .deadline = -1, .site = at};
    sim_do(sim_running(), &x);
}

void tw_work(const char *label) { machine_action(SIM_ACT_WORK, (plat_site){NULL, 0, label}); }
void tw_cs_enter(plat_site at) { machine_action(SIM_ACT_CS_ENTER, at); }
void tw_cs_exit(plat_site at) { machine_action(SIM_ACT_CS_EXIT, at); }

/* A jbuf's text handed to the caller (an empty string if nothing was written). */
static char *take(jbuf *b)
{
    char *s = b->text ? b->text : calloc(1, 1);
    b->text = NULL;
    return s;
}

char *tw_state(sim_machine *m)
{
    jbuf b = {0};
    sim_state_json(m, &b);
    return take(&b);
}

char *tw_trace(sim_machine *m, uint64_t after_step)
{
    jbuf b = {0};
    sim_trace_jsonl(m, after_step, &b);
    return take(&b);
}

char *tw_stuck(sim_machine *m)
{
    jbuf b = {0};
    sim_stuck_json(m, &b);
    return take(&b);
}

char *tw_violation(sim_machine *m)
{
    jbuf b = {0};
    sim_violation_json(m, &b);
    return take(&b);
}

char *tw_schedule_text(sim_machine *m)
{
    sim_schedule s;
    jbuf b = {0};
    if (sim_schedule_of(m, &s) == 0)
        sim_schedule_text(m, &s, &b);
    sim_schedule_free(&s);
    return take(&b);
}

char *tw_schedule_compact(sim_machine *m)
{
    sim_schedule s;
    jbuf b = {0};
    if (sim_schedule_of(m, &s) == 0)
        sim_schedule_compact(&s, &b);
    sim_schedule_free(&s);
    return take(&b);
}

char *tw_history(sim_machine *m)
{
    size_t n = sim_history_len(m);
    char *s = malloc(n + 1);
    const sim_step_record *h = sim_history(m);
    for (size_t i = 0; i < n; i++) {
        char c = h[i].what == SIM_CHOICE_TICK ? '*' : sim_actor_name(m, h[i].actor)[0];
        s[i] = h[i].what == SIM_CHOICE_IRQ && c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c;
    }
    s[n] = 0;
    return s;
}

const char *tw_loc(const char *file, int line)
{
    static char buf[4][160];
    static int next;
    char *out = buf[next++ % 4];
    snprintf(out, sizeof buf[0], "%s:%d", sim_site_file(file), line);
    return out;
}
