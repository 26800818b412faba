/*
 * The simulated machine: actors, steps, the enabled rule, the clock, checks.
 *
 * Invariant: between steps every unfinished actor is suspended inside sim_do()
 * with its next action announced in `pending`; the scheduler (host) context
 * runs only between steps.  Actions are performed by the actor itself right
 * after it is resumed, so a step touches shared state exactly once and the
 * order of steps is the order of effects.
 */
#include "address_map.h"
#include "escape.h"
#include "machine_internal.h"
#include "rng.h"
#include "vec.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sim_machine *running_machine;

static const char *const act_names[SIM_ACT_COUNT] = {
    [SIM_ACT_NONE] = "none",
    [SIM_ACT_LOAD] = "load",
    [SIM_ACT_STORE] = "store",
    [SIM_ACT_CAS] = "cas",
    [SIM_ACT_SWAP] = "swap",
    [SIM_ACT_FETCH_ADD] = "fetch_add",
    [SIM_ACT_FETCH_OR] = "fetch_or",
    [SIM_ACT_FETCH_AND] = "fetch_and",
    [SIM_ACT_LOCK] = "lock",
    [SIM_ACT_UNLOCK] = "unlock",
    [SIM_ACT_PARK_PREPARE] = "prepare_park",
    [SIM_ACT_PARK] = "park",
    [SIM_ACT_UNPARK] = "unpark",
    [SIM_ACT_SPIN] = "spin",
    [SIM_ACT_YIELD] = "yield",
    [SIM_ACT_SLEEP] = "sleep",
    [SIM_ACT_WORK] = "work",
    [SIM_ACT_CS_ENTER] = "cs_enter",
    [SIM_ACT_CS_EXIT] = "cs_exit",
    [SIM_ACT_PRINT] = "print",
    [SIM_ACT_ASSERT] = "assert",
    [SIM_ACT_IRQ_SAVE] = "irq_save",
    [SIM_ACT_IRQ_RESTORE] = "irq_restore",
    [SIM_ACT_RAISE] = "raise",
    [SIM_ACT_SET_PRIO] = "set_priority",
    [SIM_ACT_BLOCK] = "block",
};

const char *sim_act_name(sim_act_kind kind)
{
    return (unsigned)kind < SIM_ACT_COUNT ? act_names[kind] : "?";
}

int sim_act_kind_from_name(const char *name)
{
    for (int k = 1; k < SIM_ACT_COUNT; k++)
        if (strcmp(act_names[k], name) == 0)
            return k;
    return -1;
}

const char *sim_outcome_name(sim_outcome o)
{
    switch (o) {
    case SIM_RUNNING: return "running";
    case SIM_DONE: return "done";
    case SIM_STUCK: return "stuck";
    case SIM_VIOLATION: return "violation";
    case SIM_ERROR: return "error";
    }
    return "?";
}

static void fail(sim_machine *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(sim_machine *m, const char *fmt, ...)
{
    char raw[sizeof m->last_error];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    text_escape(m->last_error, sizeof m->last_error, raw); /* names may come from input */
}

/* End the run with an error nobody can step past (stack overflow, divergence). */
static void end_with_error(sim_machine *m, const char *message)
{
    if (m->outcome != SIM_RUNNING)
        return;
    m->outcome = SIM_ERROR;
    snprintf(m->end_kind, sizeof m->end_kind, "error");
    text_escape(m->end_message, sizeof m->end_message, message);
    snprintf(m->last_error, sizeof m->last_error, "%s", m->end_message);
    m->end_step = m->step;
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = -1,
                   .kind = SIM_EV_ERROR,
                   .region = -1,
                   .other = -1,
                   .text = m->end_message};
    sim_emit(m, &e);
}

/* ---- building ---------------------------------------------------------------- */

sim_machine *sim_new(const sim_config *cfg, sim_setup_fn setup, void *arg, const sim_hooks *hooks)
{
    sim_machine *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (cfg)
        m->cfg = *cfg;
    if (m->cfg.stack_size == 0)
        m->cfg.stack_size = CORO_DEFAULT_STACK;
    snprintf(m->variant, sizeof m->variant, "%s", m->cfg.variant ? m->cfg.variant : "correct");
    m->cfg.variant = m->variant;
    m->setup = setup;
    m->setup_arg = arg;
    if (hooks)
        m->hooks = *hooks;
    m->host = coro_host();
    m->current = -1;
    m->model = sim_model_named(m->cfg.model); /* NULL: unknown, reported by reset */
    if (m->model) {
        m->may_step = m->model->may_step;
        m->update = m->model->update;
        m->performed = m->model->performed;
    }
    return m;
}

void sim_free(sim_machine *m)
{
    if (!m)
        return;
    for (int i = 0; i < SIM_MAX_ACTORS; i++)
        coro_free(m->actors[i].co);
    for (int i = 0; i < m->n_globals; i++)
        free(m->globals[i].data);
    sim_clear_trace(m);
    free(m->events);
    free(m->texts);
    free(m->history);
    free(m->randoms);
    free(m);
}

int sim_add_region(sim_machine *m, const char *name, void *base, size_t size, uint64_t vaddr,
                   size_t elem_size)
{
    if (m->n_regions >= SIM_MAX_REGIONS) {
        fail(m, "too many objects (at most %d)", SIM_MAX_REGIONS);
        return -1;
    }
    if (vaddr == 0) /* the next free place for an object (address_map.h) */
        vaddr = m->next_vaddr;
    for (int r = 0; r < m->n_regions; r++) {
        const sim_region *o = &m->regions[r];
        if (vaddr < o->vaddr + o->size && o->vaddr < vaddr + size) {
            fail(m, "object '%s' at address 0x%llx overlaps '%s' (0x%llx, %zu bytes)", name,
                 (unsigned long long)vaddr, o->name, (unsigned long long)o->vaddr, o->size);
            return -1;
        }
    }
    sim_region *r = &m->regions[m->n_regions];
    snprintf(r->name, sizeof r->name, "%s", name);
    r->base = base;
    r->size = size;
    r->vaddr = vaddr;
    r->elem_size = elem_size;
    /* Only objects move the next free place: globals and parkers have their
     * own ranges, so they cannot shift an object's address. */
    uint64_t end = (vaddr + size + SIM_OBJECTS_ALIGN - 1) & ~(uint64_t)(SIM_OBJECTS_ALIGN - 1);
    if (vaddr < SIM_OBJECTS_END && end > m->next_vaddr)
        m->next_vaddr = end;
    return m->n_regions++;
}

static void actor_main(void *arg);

int sim_add_actor(sim_machine *m, const char *name, sim_actor_kind kind, int priority,
                  void (*entry)(void *arg), void *arg)
{
    if (m->n_actors >= SIM_MAX_ACTORS) {
        fail(m, "too many actors (at most %d)", SIM_MAX_ACTORS);
        return -1;
    }
    int i = m->n_actors;
    sim_actor *a = &m->actors[i];
    coro *co = a->co; /* stacks are kept across resets */
    memset(a, 0, sizeof *a);
    snprintf(a->name, sizeof a->name, "%s", name);
    a->kind = kind;
    a->base_prio = a->eff_prio = priority;
    /* An interrupt handler waits to be raised; the environment may raise it
     * once unless the world says otherwise (sim_set_raises). */
    a->dormant = kind == SIM_ISR;
    a->raises_left = kind == SIM_ISR ? 1 : 0;
    a->entry = entry;
    a->arg = arg;
    a->parker.owner = (int16_t)i;
    a->parker.woken_by = -1;
    if (co && coro_stack_size(co) >= m->cfg.stack_size) {
        coro_restart(co, actor_main, a);
    } else {
        coro_free(co);
        co = coro_new(m->cfg.stack_size, actor_main, a);
        if (!co) {
            fail(m, "out of memory for the stack of actor %s", name);
            return -1;
        }
    }
    a->co = co;
    char pname[SIM_NAME_MAX];
    snprintf(pname, sizeof pname, "%s.parker", a->name);
    a->parker_region = sim_add_region(m, pname, &a->parker, sizeof a->parker,
                                      SIM_PARKERS_START + (uint64_t)i * SIM_PARKER_SPAN, 0);
    if (a->parker_region < 0)
        return -1;
    m->n_actors++;
    return i;
}

void sim_fail_setup(sim_machine *m, const char *message) { fail(m, "%s", message); }
void sim_end_error(sim_machine *m, const char *message) { end_with_error(m, message); }

/* Run actor i up to its first announced action (or its end). */
static void start_actor(sim_machine *m, int i)
{
    m->current = i;
    running_machine = m;
    coro_switch(m->host, m->actors[i].co);
    running_machine = NULL;
    m->current = -1;
}

/* Run every actor that is not dormant up to its first announced action. */
static void start_actors(sim_machine *m)
{
    for (int i = 0; i < m->n_actors; i++)
        if (!m->actors[i].dormant)
            start_actor(m, i);
}

void sim_arm(sim_machine *m, int i)
{
    sim_actor *a = &m->actors[i];
    a->dormant = false;
    a->finished = false;
    a->begun = false;
    a->arm_now = false;
    a->raise_pending = false;
    a->armed_seq = ++m->sched.seq;
    coro_restart(a->co, actor_main, a);
    sim_emit_machine(m, SIM_EV_RAISE, i, 0, 0);
    start_actor(m, i);
}

/* Arm the handlers that steps raised (they cannot be started from inside
 * another actor's coroutine). */
static void arm_raised(sim_machine *m)
{
    m->arm_any = false;
    for (int i = 0; i < m->n_actors; i++)
        if (m->actors[i].arm_now && m->outcome == SIM_RUNNING)
            sim_arm(m, i);
}

static void settle(sim_machine *m, int moved);

static int rebuild(sim_machine *m)
{
    /* Free actors' coroutines beyond what the new world will use lazily. */
    m->n_actors = 0;
    m->n_regions = 0;
    m->next_vaddr = SIM_OBJECTS_AUTO;
    m->current = -1;
    m->step = 0;
    m->now = 0;
    m->outcome = SIM_RUNNING;
    m->cs_inside = 0;
    m->cs_owner = -1;
    m->cs_depth = 0;
    m->arm_any = false;
    memset(&m->sched, 0, sizeof m->sched);
    m->sched.current = -1;
    m->sched.tick_us = m->cfg.tick_us > 0 ? m->cfg.tick_us : 1000;
    m->rng = m->cfg.seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    m->end_kind[0] = m->end_message[0] = 0;
    m->end_reference[0] = m->end_thrown[0] = 0;
    m->end_actor = -1;
    m->randoms_used = 0;
    for (int i = 0; i < m->n_globals; i++)
        m->globals[i].live = false;
    sim_clear_trace(m);
    if (!m->model) {
        fail(m, "unknown scheduling model '%s' (threads, rtos or executor)", m->cfg.model);
        m->outcome = SIM_ERROR;
        return -1;
    }
    running_machine = m; /* engines may ask plat_variant() while being built */
    int built = m->setup(m, m->setup_arg);
    running_machine = NULL;
    if (built != 0) {
        m->outcome = SIM_ERROR;
        snprintf(m->end_kind, sizeof m->end_kind, "error");
        snprintf(m->end_message, sizeof m->end_message, "%s", m->last_error);
        return -1;
    }
    /* Only interrupt handlers and the models with a tick offer choices that are
     * not steps: a plain threads world skips looking for them at every step. */
    m->extras = m->model->extra_choices && m->model != &sim_model_threads;
    for (int i = 0; i < m->n_actors; i++)
        m->extras = m->extras || (m->model->extra_choices && m->actors[i].dormant);
    start_actors(m);
    if (m->model->start)
        m->model->start(m);
    settle(m, -1);
    return 0;
}

int sim_reset(sim_machine *m)
{
    m->history_len = 0;
    m->n_randoms = 0;
    return rebuild(m);
}

/* ---- the enabled rule ------------------------------------------------------------ */

bool sim_is_enabled(const sim_machine *m, int i)
{
    return sim_rule_allows(m, i) && (!m->may_step || m->may_step(m, i));
}

int sim_enabled(const sim_machine *m, int out[SIM_MAX_ACTORS])
{
    int n = 0;
    if (m->outcome != SIM_RUNNING)
        return 0;
    for (int i = 0; i < m->n_actors; i++)
        if (sim_is_enabled(m, i))
            out[n++] = i;
    return n;
}

/* After a choice: arm what was raised, let the model catch up, jump the
 * clock if everybody waits for it, detect the end. */
static void settle(sim_machine *m, int moved)
{
    if (m->arm_any)
        arm_raised(m);
    if (m->update)
        m->update(m);
    if (m->outcome == SIM_RUNNING && moved >= 0 && sim_is_enabled(m, moved))
        return; /* the common case: whoever just moved can move again */
    while (m->outcome == SIM_RUNNING) {
        sim_choice choices[SIM_MAX_CHOICES];
        if (sim_choices(m, choices) > 0)
            return;
        int64_t next = INT64_MAX;
        bool all_finished = true; /* or dormant: neither counts as stuck */
        for (int i = 0; i < m->n_actors; i++) {
            const sim_actor *a = &m->actors[i];
            if (a->finished || a->dormant)
                continue;
            all_finished = false;
            const sim_action *p = &a->pending;
            if ((p->kind == SIM_ACT_SLEEP || p->kind == SIM_ACT_PARK || p->kind == SIM_ACT_BLOCK) &&
                p->deadline >= 0 && p->deadline < next)
                next = p->deadline;
        }
        if (all_finished) {
            if (m->hooks.at_end)
                m->hooks.at_end(m, m->setup_arg); /* may end it with a violation */
            if (m->outcome == SIM_RUNNING)
                m->outcome = SIM_DONE;
            return;
        }
        if (next != INT64_MAX && next > m->now) {
            sim_event e = {.step = m->step,
                           .time = next,
                           .actor = -1,
                           .kind = SIM_EV_CLOCK,
                           .region = -1,
                           .other = -1,
                           .old_v = (uint64_t)m->now,
                           .new_v = (uint64_t)next};
            m->now = next;
            sim_emit(m, &e);
            if (m->update)
                m->update(m);
            continue;
        }
        m->outcome = SIM_STUCK;
        for (int i = 0; i < m->n_actors; i++) {
            if (m->actors[i].finished || m->actors[i].dormant)
                continue;
            char why[400];
            sim_block_reason(m, i, why, sizeof why);
            sim_event e = {.step = m->step,
                           .time = m->now,
                           .actor = (int16_t)i,
                           .kind = SIM_EV_STUCK,
                           .region = -1,
                           .other = -1,
                           .site = m->actors[i].pending.site,
                           .text = sim_keep_text(m, why)};
            sim_emit(m, &e);
        }
        return;
    }
}

/* ---- stepping ---------------------------------------------------------------------- */

static void record(sim_machine *m, sim_step_record r)
{
    if (m->step < m->history_len) {
        const sim_step_record *f = &m->history[m->step];
        if (f->actor == r.actor && f->kind == r.kind && f->region == r.region &&
            f->what == r.what) {
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

static void record_step(sim_machine *m, int i, bool choice)
{
    const sim_action *p = &m->actors[i].pending;
    int elem;
    sim_step_record r = {.actor = (int16_t)i,
                         .kind = (uint8_t)p->kind,
                         .choice = choice,
                         .region = (int16_t)(p->target ? sim_region_of(m, p->target, &elem) : -1),
                         .what = SIM_CHOICE_STEP};
    record(m, r);
}

/* Was anything other than step(i) possible? */
static bool other_choice(const sim_machine *m, int i)
{
    for (int k = 0; k < m->n_actors; k++)
        if (k != i && sim_is_enabled(m, k))
            return true;
    if (!m->extras)
        return false;
    sim_choice extra[SIM_MAX_CHOICES];
    return m->model->extra_choices(m, extra) > 0;
}

int sim_step(sim_machine *m, int i)
{
    if (m->outcome != SIM_RUNNING) {
        fail(m, "the run is over (%s)", sim_outcome_name(m->outcome));
        return -1;
    }
    if (i < 0 || i >= m->n_actors) {
        fail(m, "there is no actor number %d", i + 1);
        return -1;
    }
    if (!sim_is_enabled(m, i)) {
        char why[400];
        sim_block_reason(m, i, why, sizeof why);
        fail(m, "%s cannot move: %s", m->actors[i].name, why);
        return -1;
    }
    record_step(m, i, other_choice(m, i));
    m->step++;
    sim_actor *a = &m->actors[i];
    if (!a->begun) {
        a->begun = true;
        a->begun_seq = ++m->sched.seq;
    }
    m->current = i;
    running_machine = m;
    coro_switch(m->host, a->co);
    running_machine = NULL;
    m->current = -1;
    if (!coro_stack_intact(a->co)) {
        char msg[160];
        snprintf(msg, sizeof msg, "actor %s overflowed its %zu-byte stack", a->name,
                 coro_stack_size(a->co));
        end_with_error(m, msg);
    }
    settle(m, i);
    return 0;
}

int sim_step_over(sim_machine *m, int i)
{
    if (i < 0 || i >= m->n_actors) {
        fail(m, "there is no actor number %d", i + 1);
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

int sim_goto(sim_machine *m, uint64_t n)
{
    if (n > m->history_len) {
        fail(m, "step %llu is beyond the recorded %zu steps", (unsigned long long)n,
             m->history_len);
        return -1;
    }
    size_t keep = m->history_len;
    if (rebuild(m) != 0)
        return -1;
    m->history_len = keep;
    while (m->step < n) {
        const sim_step_record *r = &m->history[m->step];
        sim_choice c = {r->what, r->actor, 0};
        if (sim_take(m, c) != 0)
            return -1;
    }
    return 0;
}

int sim_take(sim_machine *m, sim_choice c)
{
    if (c.kind == SIM_CHOICE_STEP)
        return sim_step(m, c.actor);
    if (m->outcome != SIM_RUNNING) {
        fail(m, "the run is over (%s)", sim_outcome_name(m->outcome));
        return -1;
    }
    sim_choice all[SIM_MAX_CHOICES];
    int n = sim_choices(m, all), at = -1;
    for (int k = 0; k < n && at < 0; k++)
        if (sim_choice_eq(all[k], c))
            at = k;
    if (at < 0 || !m->model->take_extra) {
        fail(m, "%s%s%s is not possible now", sim_choice_kind_name(c.kind),
             c.actor >= 0 ? " of " : "", c.actor >= 0 ? sim_actor_name(m, c.actor) : "");
        return -1;
    }
    record(
        m,
        (sim_step_record){
            .actor = c.actor, .kind = SIM_ACT_NONE, .choice = n > 1, .region = -1, .what = c.kind});
    m->step++;
    if (m->model->take_extra(m, c) != 0)
        return -1;
    settle(m, -1);
    return 0;
}

/* ---- the running actor's side ------------------------------------------------------- */

sim_machine *sim_running(void) { return running_machine; }
int sim_current_actor(const sim_machine *m) { return m->current; }

static uint64_t width_mask(unsigned width)
{
    return width >= 8 ? ~0ull : (1ull << (8 * width)) - 1;
}

static uint64_t cell_read(const void *p, unsigned width)
{
    switch (width) {
    case 1: return *(const uint8_t *)p;
    case 2: return *(const uint16_t *)p;
    default: return *(const uint32_t *)p;
    }
}

static void cell_write(void *p, unsigned width, uint64_t v)
{
    switch (width) {
    case 1: *(uint8_t *)p = (uint8_t)v; break;
    case 2: *(uint16_t *)p = (uint16_t)v; break;
    default: *(uint32_t *)p = (uint32_t)v; break;
    }
}

/* Perform the announced action of actor i, now that it was picked. */
static uint64_t perform(sim_machine *m, int i)
{
    sim_actor *a = &m->actors[i];
    const sim_action *p = &a->pending;
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)i,
                   .kind = (uint8_t)p->kind,
                   .width = p->width,
                   .region = -1,
                   .elem = 0,
                   .other = -1,
                   .a = p->a,
                   .b = p->b,
                   .op = a->op,
                   .round = a->round,
                   .site = p->site,
                   .text = p->text};
    int elem = 0;
    if (p->target && m->cfg.trace) { /* names are for the trace only */
        e.region = (int16_t)sim_region_of(m, p->target, &elem);
        e.elem = (int16_t)elem;
    }
    uint64_t result = 0, mask = width_mask(p->width);
    const char *violation = NULL;
    switch (p->kind) {
    case SIM_ACT_LOAD: e.old_v = e.new_v = result = cell_read(p->target, p->width); break;
    case SIM_ACT_STORE:
    case SIM_ACT_SWAP:
    case SIM_ACT_FETCH_ADD:
    case SIM_ACT_FETCH_OR:
    case SIM_ACT_FETCH_AND:
    case SIM_ACT_CAS: {
        uint64_t old = cell_read(p->target, p->width), new = old;
        switch (p->kind) {
        case SIM_ACT_STORE:
        case SIM_ACT_SWAP: new = p->a; break;
        case SIM_ACT_FETCH_ADD: new = old + p->a; break;
        case SIM_ACT_FETCH_OR: new = old | p->a; break;
        case SIM_ACT_FETCH_AND: new = old & p->a; break;
        default: /* CAS */
            e.ok = old == (p->a & mask);
            if (e.ok)
                new = p->b;
            break;
        }
        new &= mask;
        cell_write(p->target, p->width, new);
        e.old_v = result = old;
        e.new_v = new;
        break;
    }
    case SIM_ACT_LOCK: ((plat_lock *)p->target)->owner = i + 1; break;
    case SIM_ACT_UNLOCK: {
        plat_lock *l = p->target;
        if (l->owner != i + 1)
            violation = "released a lock it does not hold";
        else
            l->owner = 0;
        break;
    }
    case SIM_ACT_PARK_PREPARE: {
        plat_parker *pk = p->target;
        e.old_v = pk->woken;
        pk->woken = 0;
        pk->woken_by = -1;
        break;
    }
    case SIM_ACT_PARK:
    case SIM_ACT_BLOCK: {
        plat_parker *pk = p->target;
        e.ok = pk->woken != 0;
        e.other = pk->woken_by;
        result = e.ok;
        if (p->kind == SIM_ACT_BLOCK) { /* the wake is used up */
            pk->woken = 0;
            pk->woken_by = -1;
        }
        break;
    }
    case SIM_ACT_UNPARK: {
        plat_parker *pk = p->target;
        e.old_v = pk->woken;
        e.new_v = 1;
        e.other = pk->owner;
        pk->woken = 1;
        pk->woken_by = (int16_t)i;
        break;
    }
    case SIM_ACT_CS_ENTER:
        e.old_v = (uint64_t)m->cs_inside;
        if (m->cs_inside > 0 && m->cs_owner == i) {
            m->cs_depth++; /* the same actor again: nesting, not overlap */
        } else {
            if (m->cs_inside != 0)
                violation = "entered the critical section while another actor is inside";
            m->cs_inside++;
            m->cs_owner = i;
            m->cs_depth = 1;
        }
        e.new_v = (uint64_t)m->cs_inside;
        break;
    case SIM_ACT_CS_EXIT:
        e.old_v = (uint64_t)m->cs_inside;
        if (m->cs_owner == i && m->cs_depth > 1)
            m->cs_depth--;
        else {
            m->cs_inside--;
            m->cs_depth = 0;
        }
        e.new_v = (uint64_t)m->cs_inside;
        break;
    case SIM_ACT_IRQ_SAVE:
        result = a->irq_depth > 0; /* the state to restore: masked already? */
        e.old_v = a->irq_depth;
        e.new_v = ++a->irq_depth;
        break;
    case SIM_ACT_IRQ_RESTORE:
        /* Put back the saved state: "not masked" unmasks at any depth (an
         * interrupt-enable bit written back); "masked" undoes one level. */
        e.old_v = a->irq_depth;
        if (!p->a)
            a->irq_depth = 0;
        else if (a->irq_depth > 1)
            a->irq_depth--;
        e.new_v = a->irq_depth;
        break;
    case SIM_ACT_RAISE: {
        const plat_parker *pk = p->target;
        sim_actor *h = &m->actors[pk->owner];
        e.other = pk->owner;
        if (h->dormant) {
            h->arm_now = true; /* armed by the host once this step is over */
            m->arm_any = true;
        } else if (h->begun) {
            h->raise_pending = true; /* running: it runs again after it returns */
        } /* raised and not begun yet: still pending, a second raise adds nothing */
        break;
    }
    case SIM_ACT_SET_PRIO: {
        const plat_parker *pk = p->target;
        sim_actor *t = &m->actors[pk->owner];
        e.other = pk->owner;
        e.old_v = (uint64_t)(int64_t)t->eff_prio;
        t->eff_prio = (int)(int64_t)p->a;
        e.new_v = (uint64_t)(int64_t)t->eff_prio;
        break;
    }
    default: break;
    }
    sim_emit(m, &e);
    m->now += p->has_cost ? p->cost : m->cost[p->kind]; /* the action takes time */
    if (violation) /* before pending is cleared: p points at it */
        sim_violation(m, p->kind == SIM_ACT_CS_ENTER ? "overlap" : "misuse", violation, p->site);
    if (m->performed)
        m->performed(m, i, p);
    a->pending.kind = SIM_ACT_NONE;
    return result;
}

uint64_t sim_do(sim_machine *m, const sim_action *act)
{
    int i = m->current;
    sim_actor *a = &m->actors[i];
    a->pending = *act;
    coro_switch(a->co, m->host); /* wait to be picked */
    return perform(m, i);
}

static void actor_main(void *arg)
{
    sim_actor *a = arg;
    a->entry(a->arg);
    sim_machine *m = running_machine;
    if (a->kind == SIM_ISR) {
        /* A handler that returns waits to be raised again (re-arming); one
         * raised while it ran runs again at once. */
        a->dormant = true;
        if (a->raise_pending) {
            a->arm_now = true;
            m->arm_any = true;
        }
    } else {
        a->finished = true;
    }
    a->pending.kind = SIM_ACT_NONE;
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)m->current,
                   .kind = SIM_EV_FINISH,
                   .region = -1,
                   .other = -1};
    sim_emit(m, &e);
    for (;;)
        coro_switch(a->co, m->host); /* never resumed again */
}

void sim_note(sim_machine *m, plat_site at, int64_t value)
{
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)m->current,
                   .kind = SIM_EV_NOTE,
                   .region = -1,
                   .other = -1,
                   .new_v = (uint64_t)value,
                   .site = at,
                   .text = at.label};
    sim_emit(m, &e);
}

void sim_assert_result(sim_machine *m, bool held)
{
    /* The step's event is the last one: nothing ran between it and now. */
    if (m->n_events && m->events[m->n_events - 1].kind == SIM_ACT_ASSERT &&
        m->events[m->n_events - 1].actor == m->current)
        m->events[m->n_events - 1].ok = held;
}

void sim_violation(sim_machine *m, const char *kind, const char *message, plat_site at)
{
    sim_violation_thrown(m, kind, message, at, NULL, NULL);
}

void sim_violation_thrown(sim_machine *m, const char *kind, const char *message, plat_site at,
                          const char *reference, const char *thrown)
{
    if (m->outcome != SIM_RUNNING)
        return;
    m->outcome = SIM_VIOLATION;
    snprintf(m->end_kind, sizeof m->end_kind, "%s", kind);
    text_escape(m->end_message, sizeof m->end_message, message);
    bool said = reference && thrown;
    snprintf(m->end_reference, sizeof m->end_reference, "%s", said ? reference : "");
    snprintf(m->end_thrown, sizeof m->end_thrown, "%s", said ? thrown : "");
    m->end_step = m->step;
    m->end_actor = m->current;
    m->end_site = at;
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)m->current,
                   .kind = SIM_EV_VIOLATION,
                   .region = -1,
                   .other = -1,
                   .site = at,
                   .text = m->end_message};
    sim_emit(m, &e);
}

void sim_set_op(sim_machine *m, uint32_t op, uint32_t round)
{
    sim_actor *a = &m->actors[m->current];
    a->op = op;
    a->round = round;
    a->op_seq++;
}
uint32_t sim_actor_op(const sim_machine *m, int i) { return m->actors[i].op; }

uint32_t sim_random(sim_machine *m, uint32_t bound)
{
    if (bound <= 1)
        return 0;
    uint32_t v = 0;
    bool ok = false;
    if (m->randoms_used < m->n_randoms && m->randoms[m->randoms_used].step == m->step) {
        v = m->randoms[m->randoms_used].value; /* going back: the same value again */
        ok = true;
    } else if (m->random_source) {
        v = m->random_source(m, bound, &ok, m->random_ctx);
    }
    if (!ok || v >= bound) {
        v = (uint32_t)(sim_splitmix64(&m->rng) % bound); /* deterministic from the seed */
    }
    if (m->randoms_used < m->n_randoms && m->randoms[m->randoms_used].step == m->step) {
        m->randoms_used++;
        return v;
    }
    struct sim_random_record *r =
        sim_vec_grow(m->randoms, &m->cap_randoms, m->n_randoms + 1, sizeof *r, 16);
    if (!r)
        return v; /* out of memory: the value is used but not recorded */
    m->randoms = r;
    m->randoms[m->n_randoms++] = (struct sim_random_record){m->step, v, bound};
    m->randoms_used = m->n_randoms;
    return v;
}

void sim_set_random_source(sim_machine *m,
                           uint32_t (*source)(sim_machine *m, uint32_t bound, bool *ok, void *ctx),
                           void *ctx)
{
    m->random_source = source;
    m->random_ctx = ctx;
}

size_t sim_random_count(const sim_machine *m) { return m->randoms_used; }
void sim_random_at(const sim_machine *m, size_t i, uint32_t *value, uint64_t *step)
{
    *value = m->randoms[i].value;
    *step = m->randoms[i].step;
}

/* ---- lookups ---------------------------------------------------------------------- */

int sim_region_of(const sim_machine *m, const void *p, int *elem)
{
    const unsigned char *c = p;
    int hint = m->region_hint; /* most steps touch the object the last one did */
    if (hint < m->n_regions && c >= m->regions[hint].base &&
        c < m->regions[hint].base + m->regions[hint].size && !m->regions[hint].elem_size) {
        if (elem)
            *elem = 0;
        return hint;
    }
    for (int r = 0; r < m->n_regions; r++) {
        const sim_region *g = &m->regions[r];
        if (c >= g->base && c < g->base + g->size) {
            if (elem)
                *elem = g->elem_size ? (int)((size_t)(c - g->base) / g->elem_size) : 0;
            ((sim_machine *)m)->region_hint = r;
            return r;
        }
    }
    if (elem)
        *elem = 0;
    return -1;
}

uint64_t sim_vaddr(const sim_machine *m, const void *p)
{
    int r = sim_region_of(m, p, NULL);
    if (r < 0)
        return 0;
    return m->regions[r].vaddr + (uint64_t)((const unsigned char *)p - m->regions[r].base);
}

const char *sim_region_name(const sim_machine *m, int r)
{
    return r >= 0 && r < m->n_regions ? m->regions[r].name : "?";
}

void *sim_global(sim_machine *m, plat_global *g)
{
    struct sim_global_slot *slot = NULL;
    for (int i = 0; i < m->n_globals; i++)
        if (m->globals[i].desc == g)
            slot = &m->globals[i];
    if (!slot) {
        if (m->n_globals == (int)(sizeof m->globals / sizeof m->globals[0])) {
            end_with_error(m, "too many engine globals");
            return NULL;
        }
        slot = &m->globals[m->n_globals++];
        slot->desc = g;
        slot->data = malloc(g->size);
        slot->live = false;
        if (!slot->data) {
            m->n_globals--;
            end_with_error(m, "out of memory for an engine global");
            return NULL;
        }
    }
    if (!slot->live) {
        /* The k-th global this run makes gets the k-th window of the globals'
         * range (address_map.h): neither its own size nor any other global's
         * can move an address. */
        int k = 0;
        for (int i = 0; i < m->n_globals; i++)
            k += m->globals[i].live;
        if (g->size > SIM_GLOBAL_SPAN) {
            end_with_error(m, "an engine global is larger than its address window");
            return NULL;
        }
        memset(slot->data, 0, g->size);
        if (sim_add_region(m, g->name, slot->data, g->size,
                           SIM_GLOBALS_START + (uint64_t)k * SIM_GLOBAL_SPAN, g->elem_size) < 0) {
            char why[sizeof m->last_error];
            snprintf(why, sizeof why, "%s", m->last_error);
            end_with_error(m, why);
            return NULL;
        }
        g->init(slot->data);
        slot->live = true;
    }
    return slot->data;
}

void *sim_global_peek(const sim_machine *m, const plat_global *g)
{
    for (int i = 0; i < m->n_globals; i++)
        if (m->globals[i].desc == g && m->globals[i].live)
            return m->globals[i].data;
    return NULL;
}

void sim_object_name(const sim_machine *m, const void *p, char *buf, size_t size)
{
    int elem, r = p ? sim_region_of(m, p, &elem) : -1;
    if (r < 0)
        snprintf(buf, size, "-");
    else if (m->regions[r].elem_size)
        snprintf(buf, size, "%s[%d]", m->regions[r].name, elem);
    else
        snprintf(buf, size, "%s", m->regions[r].name);
}

plat_parker *sim_parker_of(sim_machine *m, int i) { return &m->actors[i].parker; }

int sim_actor_count(const sim_machine *m) { return m->n_actors; }
const char *sim_actor_name(const sim_machine *m, int i)
{
    return i >= 0 && i < m->n_actors ? m->actors[i].name : "?";
}
int sim_actor_by_name(const sim_machine *m, const char *name)
{
    for (int i = 0; i < m->n_actors; i++)
        if (strcmp(m->actors[i].name, name) == 0)
            return i;
    return -1;
}
const sim_action *sim_pending(const sim_machine *m, int i) { return &m->actors[i].pending; }
bool sim_is_finished(const sim_machine *m, int i) { return m->actors[i].finished; }
uint64_t sim_steps(const sim_machine *m) { return m->step; }
int64_t sim_now(const sim_machine *m) { return m->now; }
sim_outcome sim_outcome_of(const sim_machine *m) { return m->outcome; }
const char *sim_error(const sim_machine *m) { return m->last_error; }
const char *sim_variant(const sim_machine *m) { return m->variant; }
const char *sim_end_kind(const sim_machine *m) { return m->end_kind; }
const char *sim_end_message(const sim_machine *m) { return m->end_message; }
void sim_set_trace(sim_machine *m, bool on) { m->cfg.trace = on; }
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

void sim_block_reason(sim_machine *m, int i, char *buf, size_t size)
{
    buf[0] = 0;
    if (i < 0 || i >= m->n_actors || sim_is_enabled(m, i))
        return;
    const sim_actor *a = &m->actors[i];
    if (a->finished) {
        snprintf(buf, size, "finished");
        return;
    }
    if (a->dormant) {
        snprintf(buf, size, a->kind == SIM_ISR ? "dormant: not raised" : "dormant: not spawned");
        return;
    }
    if (m->outcome != SIM_RUNNING && m->outcome != SIM_STUCK) {
        snprintf(buf, size, "the run is over");
        return;
    }
    if (sim_rule_allows(m, i) && m->model->held_why) {
        m->model->held_why(m, i, buf, size); /* the enabled rule allows it: the model holds it */
        if (buf[0])
            return;
    }
    if (m->hooks.describe_block && m->hooks.describe_block(m, i, buf, size, m->setup_arg))
        return;
    const sim_action *p = &a->pending;
    switch (p->kind) {
    case SIM_ACT_LOCK: {
        int owner = ((const plat_lock *)p->target)->owner - 1;
        char what[64];
        sim_object_name(m, p->target, what, sizeof what);
        if (owner == i)
            snprintf(buf, size, "waits for lock %s, which it already holds", what);
        else
            snprintf(buf, size, "waits for lock %s, held by %s", what, sim_actor_name(m, owner));
        break;
    }
    case SIM_ACT_PARK: snprintf(buf, size, "parked, and nobody will unpark it"); break;
    case SIM_ACT_BLOCK:
        if (p->deadline >= 0)
            snprintf(buf, size, "blocked until woken or %lld us", (long long)p->deadline);
        else
            snprintf(buf, size, "blocked, and nobody will wake it");
        break;
    case SIM_ACT_SLEEP: snprintf(buf, size, "sleeps until %lld us", (long long)p->deadline); break;
    default: snprintf(buf, size, "cannot move");
    }
}
