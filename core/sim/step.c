/*
 * Taking a choice: stepping an actor (one visible action), stepping over a
 * whole program operation, taking a machine choice (irq, tick, drop); and
 * the timeline every step is recorded in, which going back (sim_goto)
 * replays.
 *
 * Invariant: between steps every unfinished actor is suspended inside sim_do()
 * with its next action announced in `pending`.  Actions are performed by the
 * actor itself right after it is resumed, so a step touches shared state
 * exactly once and the order of steps is the order of effects.  A step is
 * begun (recorded, counted) and ended (the stack checked, the machine
 * settled) by the same two functions wherever it is taken: by the host, or,
 * when a chooser is set (a random walk), on the stack of the actor that has
 * just announced its next action, so the walk's next step is taken without
 * going back to the host (sim_pass_turn): the same records in the same order
 * either way.  The timeline holds one record per step taken; after going
 * back, the steps past the current one stay as the "future" until a
 * different choice is taken there.
 */
#include "machine_internal.h"
#include "mem/model.h"
#include "vec.h"

#include <stdio.h>

static void record(sim_machine *m, sim_step_record r)
{
    if (m->step < m->history_len) {
        const sim_step_record *f = &m->history[m->step];
        if (f->actor == r.actor && f->kind == r.kind && f->region == r.region &&
            f->what == r.what && f->arg == r.arg) {
            m->history[m->step] = r; /* walking forward along the recorded future */
            return;
        }
        m->history_len = m->step; /* a different step: the old future is gone */
        while (m->n_randoms && m->randoms[m->n_randoms - 1].step > m->step)
            m->n_randoms--;
    }
    sim_step_record *h =
        sim_vec_grow(m->history, &m->history_cap, m->history_len + 1, sizeof *h, 256);
    if (!h)
        return; /* out of memory: the step is taken but not recorded */
    m->history = h;
    m->history[m->history_len++] = r;
}

/* A step of actor i: taken as step(i), or as read_from(i, store) (which
 * store its load reads, ra) or place(i, at) (where its store goes, ra). */
static void record_step(sim_machine *m, int i, bool choice, sim_choice as)
{
    const sim_action *p = &m->actors[i].pending;
    int elem;
    sim_step_record r = {.actor = (int16_t)i,
                         .kind = (uint8_t)p->kind,
                         .choice = choice,
                         .region = (int16_t)(p->target ? sim_region_of(m, p->target, &elem) : -1),
                         .what = as.kind,
                         .arg = as.arg};
    record(m, r);
}

/* Was anything other than step(i) possible? */
static bool other_choice(const sim_machine *m, int i)
{
    for (int k = 0; k < m->n_actors; k++)
        if (k != i && sim_can_step(m, k))
            return true;
    if (!m->extras)
        return false;
    sim_choice extra[SIM_MAX_CHOICES];
    return sim_extra_choices(m, extra) > 0;
}

/* Whether anything other than the step being taken was possible (the
 * timeline's `choice` flag): known to the caller, or to be worked out.  A
 * caller that knows it has just listed every choice possible now, step(i)
 * among them, so it need not ask again whether actor i may move. */
typedef enum { OTHERS_UNKNOWN, OTHERS_NONE, OTHERS_SOME } step_others;

/* The beginning of a step of actor i, recorded as the choice `as`, `others`
 * saying whether anything else was possible: recorded in the timeline,
 * counted, and actor i made the one running, to perform its action once
 * resumed (or at once, when it takes its own next step: sim_pass_turn). */
static inline void step_begin(sim_machine *m, int i, sim_choice as, bool others)
{
    record_step(m, i, others, as);
    m->step++;
    sim_actor *a = &m->actors[i];
    if (!a->begun) {
        a->begun = true;
        a->begun_seq = ++m->sched.seq;
    }
    m->current = i;
    m->step_open = true;
    sim_running_machine = m;
}

/* The end of the open step, once its actor has announced its next action or
 * finished: the run ended in an error if the actor's stack is not intact,
 * the machine settled.  On the host, or on the stack of that actor
 * (sim_pass_turn, which has checked the stack already). */
static inline void step_end(sim_machine *m, bool intact)
{
    int i = m->current;
    sim_actor *a = &m->actors[i];
    m->step_open = false;
    sim_running_machine = NULL;
    m->current = -1;
    if (!intact) {
        char msg[160];
        snprintf(msg, sizeof msg, "actor %s overflowed its %zu-byte stack", a->name,
                 coro_stack_size(a->co));
        sim_end_error(m, msg);
    }
    sim_settle(m, i);
}

/* Step actor i, recorded as the choice `as` (a step, a read_from, a place).
 * Always inlined into its callers (sim_step, sim_step_listed, sim_take): in wasm every
 * function on the host's stack is unwound and rewound by Asyncify at each
 * fiber switch, twice a step, so a frame between sim_step and the switch
 * costs every step (bench/README.md, "sc against the build before"). */
__attribute__((always_inline)) static inline int step_as(sim_machine *m, int i, sim_choice as,
                                                         step_others others)
{
    if (m->outcome != SIM_RUNNING) {
        sim_fail(m, "the run is over (%s)", sim_outcome_name(m->outcome));
        return -1;
    }
    if (i < 0 || i >= m->n_actors) {
        sim_fail(m, "there is no actor number %d", i + 1);
        return -1;
    }
    if (others == OTHERS_UNKNOWN && !sim_can_step(m, i)) {
        char why[400];
        sim_block_reason(m, i, why, sizeof why);
        sim_fail(m, "%s cannot move: %s", m->actors[i].name, why);
        return -1;
    }
    step_begin(m, i, as, others == OTHERS_UNKNOWN ? other_choice(m, i) : others == OTHERS_SOME);
    coro_switch(m->host, m->actors[i].co);
    /* Back on the host: the step (or the last of the steps the actors took
     * among themselves, sim_pass_turn) is still open unless they ended it. */
    if (m->step_open)
        step_end(m, coro_stack_intact(m->actors[m->current].co));
    return 0;
}

int sim_pass_turn(sim_machine *m)
{
    /* Arming a raised handler starts its coroutine, which only the host
     * does (lifecycle.c); a stack found broken is not run on any further:
     * both are left to the host, which ends the step as before. */
    if (m->arm_any || !coro_stack_intact(m->actors[m->current].co))
        return -1;
    coro_no_switch++; /* ending a step, choosing and beginning one only act on the machine */
    step_end(m, true);
    bool others = false;
    int next = m->outcome == SIM_RUNNING ? m->chooser(m, m->chooser_ctx, &others) : -1;
    if (next >= 0)
        step_begin(m, next, sim_step_choice(next), others);
    coro_no_switch--;
    return next;
}

void sim_set_chooser(sim_machine *m, sim_chooser chooser, void *ctx)
{
    m->chooser = chooser;
    m->chooser_ctx = ctx;
}

int sim_step(sim_machine *m, int i) { return step_as(m, i, sim_step_choice(i), OTHERS_UNKNOWN); }

int sim_step_listed(sim_machine *m, int i, bool others)
{
    return step_as(m, i, sim_step_choice(i), others ? OTHERS_SOME : OTHERS_NONE);
}

int sim_step_over(sim_machine *m, int i)
{
    if (i < 0 || i >= m->n_actors) {
        sim_fail(m, "there is no actor number %d", i + 1);
        return -1;
    }
    uint64_t op = m->actors[i].op_seq;
    if (sim_step(m, i) != 0)
        return -1;
    int taken = 1;
    while (m->outcome == SIM_RUNNING && !m->actors[i].finished && m->actors[i].op_seq == op &&
           sim_is_enabled(m, i)) {
        sim_step(m, i);
        taken++;
    }
    return taken;
}

int sim_take(sim_machine *m, sim_choice c)
{
    if (c.kind == SIM_CHOICE_STEP)
        return sim_step(m, c.actor);
    if (m->outcome != SIM_RUNNING) {
        sim_fail(m, "the run is over (%s)", sim_outcome_name(m->outcome));
        return -1;
    }
    sim_choice all[SIM_MAX_CHOICES];
    int n = sim_choices(m, all), at = -1;
    for (int k = 0; k < n && at < 0; k++)
        if (sim_choice_eq(all[k], c))
            at = k;
    bool memory = sim_choice_is_memory(c.kind);
    if (at < 0 || !(memory ? m->mem->take : m->model->take_extra)) {
        if (sim_choice_is_step_outcome(c.kind)) {
            sim_fail(m, "%s %d of %s is not possible now", sim_choice_kind_name(c.kind), c.arg,
                     c.actor >= 0 && c.actor < m->n_actors ? sim_actor_name(m, c.actor) : "?");
            return -1;
        }
        sim_fail(m, "%s%s%s is not possible now", sim_choice_kind_name(c.kind),
                 c.actor >= 0 ? " of " : "", c.actor >= 0 ? sim_actor_name(m, c.actor) : "");
        return -1;
    }
    if (sim_choice_is_step_outcome(
            c.kind)) { /* the actor's step: read that store, or store there */
        if (m->mem->take(m, c) != 0)
            return -1;
        return step_as(m, c.actor, c, OTHERS_SOME);
    }
    record(
        m,
        (sim_step_record){
            .actor = c.actor, .kind = SIM_ACT_NONE, .choice = n > 1, .region = -1, .what = c.kind});
    m->step++;
    if ((memory ? m->mem->take(m, c) : m->model->take_extra(m, c)) != 0)
        return -1;
    sim_settle(m, -1);
    return 0;
}

size_t sim_history_len(const sim_machine *m) { return m->history_len; }
const sim_step_record *sim_history(const sim_machine *m) { return m->history; }

uint64_t sim_last_step_of(const sim_machine *m, int actor)
{
    /* the history may run past the current step after going back */
    size_t taken = m->step < m->history_len ? (size_t)m->step : m->history_len;
    for (size_t i = taken; i-- > 0;)
        if (m->history[i].actor == actor)
            return i + 1;
    return 0;
}
