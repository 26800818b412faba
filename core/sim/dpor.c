/*
 * Source-set dynamic partial-order reduction: the races of a run, and the
 * backtrack points they add (Abdulla, Aronis, Jonsson, Sagonas, "Optimal
 * dynamic partial order reduction", POPL 2014, Algorithm 1 with sleep sets).
 *
 * Invariant: after every run of the complete search, for every race of the
 * run (two dependent events of different actors with no chain of dependent
 * events between them), the node before the first event has in its backtrack
 * set a choice that starts the run with the race reversed (an initial of the
 * events not ordered after the first, then the second), or such a choice
 * sleeps there (it was covered elsewhere).  Then every class of runs that
 * differ only in the order of commuting choices is run at least once.
 *
 * The events of a run are every choice taken, the forced ones too; each
 * belongs to a program order ("proc"): a step, an irq and a drop to their
 * actor, the tick to the environment.  Happens-before is kept as one vector
 * clock per event.  Choices that are not steps may be possible and never
 * taken, so at every node each possible irq, tick and drop that was not
 * taken is checked for races as if it came next, and so is the next step of
 * every actor still unfinished at the end (a lock it never got).
 *
 * Enabledness depends on the state: a race whose reversal names an actor the
 * machine's rule held back there (it waited for a lock the first event
 * released) is not reversible, and the search looks further back for the
 * previous dependent event; one the scheduling model held back (not its
 * turn, interrupts masked) or an environment choice not offered there sends
 * the search back to the nearest earlier node with alternatives, which all
 * go into its backtrack set.
 */
#include "explore_internal.h"
#include "machine_internal.h"
#include "mem/model.h"
#include "sched/model.h"
#include "vec.h"

#include <string.h>

_Static_assert(SIM_MAX_ACTORS <= 32, "actor sets of an event are 32-bit masks");

/* A flush (tso) against another event: the cell it writes, the buffer it
 * takes from (mem/model.h). */
static bool flush_dependent(const xchoice *f, const xchoice *o)
{
    if (o->c.kind == SIM_CHOICE_FLUSH)
        return o->c.actor == f->c.actor || o->target == f->target;
    if (o->c.kind != SIM_CHOICE_STEP)
        return true;
    return o->resched || sim_flush_step_dependent(f->c.actor, f->target, o->c.actor,
                                                  (sim_act_kind)o->kind, o->target);
}

bool dpor_dependent(const xchoice *a, const xchoice *b)
{
    if (sim_choice_is_step_outcome(a->c.kind) || sim_choice_is_step_outcome(b->c.kind)) {
        /* a read_from (place) is its actor's step, a load (store), with another outcome */
        xchoice x = *a, y = *b;
        if (sim_choice_is_step_outcome(x.c.kind))
            x.c.kind = SIM_CHOICE_STEP;
        if (sim_choice_is_step_outcome(y.c.kind))
            y.c.kind = SIM_CHOICE_STEP;
        return dpor_dependent(&x, &y);
    }
    if (a->ordered && b->ordered)
        return true; /* both in the memory model's one order (ra: seq_cst) */
    if (a->c.kind == SIM_CHOICE_FLUSH)
        return flush_dependent(a, b);
    if (b->c.kind == SIM_CHOICE_FLUSH)
        return flush_dependent(b, a);
    const xchoice *s = a, *o = b;
    if (b->c.kind == SIM_CHOICE_STEP) {
        s = b;
        o = a;
    }
    if (s->resched || o->resched)
        return true; /* whether the other may run at all can change */
    if (s->c.kind != SIM_CHOICE_STEP)
        return o->c.kind != SIM_CHOICE_IRQ || s->c.kind != SIM_CHOICE_IRQ ||
               o->c.actor == s->c.actor; /* arming two handlers commutes */
    switch (o->c.kind) {
    case SIM_CHOICE_STEP: {
        if (s->c.actor == o->c.actor)
            return true;
        sim_action x = {.kind = (sim_act_kind)s->kind, .target = (void *)s->target};
        sim_action y = {.kind = (sim_act_kind)o->kind, .target = (void *)o->target};
        return sim_actions_dependent(&x, &y);
    }
    case SIM_CHOICE_IRQ:
        /* masking or a priority decides whether the handler may start */
        return (sim_act_schedules((sim_act_kind)s->kind) && s->kind != SIM_ACT_RAISE) ||
               s->c.actor == o->c.actor || s->raises == o->c.actor;
    default:
        /* The tick and a drop change who runs next: only a step that touches
         * nothing and takes no time commutes with them. */
        return !s->free_local;
    }
}

/* An actor's steps are its program order; its store buffer's flushes are
 * another, after every actor's (flushes and later steps of the same actor
 * are not ordered: either may come first); the environment is the last. */
static int proc_of(const explorer *e, const xchoice *x)
{
    if (x->c.kind == SIM_CHOICE_FLUSH)
        return e->m->n_actors + x->c.actor;
    return x->c.kind == SIM_CHOICE_TICK || x->c.actor < 0 ? e->n_procs - 1 : x->c.actor;
}

/* The actors the machine's rule lets move (the model aside). */
static uint32_t rule_allowed(const sim_machine *m)
{
    uint32_t set = 0;
    for (int i = 0; i < m->n_actors; i++)
        if (sim_rule_allows(m, i))
            set |= 1u << i;
    return set;
}

bool dpor_record(explorer *e, const xchoice *x, int32_t node)
{
    xevent *ev = sim_vec_grow(e->events, &e->cap_events, e->n_events + 1, sizeof *ev, 256);
    if (!ev)
        return false;
    e->events = ev;
    const sim_machine *m = e->m;
    xevent v = {.x = *x, .proc = (int16_t)proc_of(e, x), .node = node, .allowed = rule_allowed(m)};
    for (int i = 0; i < m->n_actors; i++) {
        const sim_actor *a = &m->actors[i];
        if (a->finished || a->dormant)
            continue;
        if (!sim_rule_allows(m, i))
            v.blocked |= 1u << i;
        else if (!sim_is_enabled(m, i))
            v.held |= 1u << i;
    }
    if (x->kind == SIM_ACT_CAS && m->mem == &sim_mem_sc) {
        v.width = m->actors[x->c.actor].pending.width;
        v.before = sim_cell_read(x->target, v.width);
    }
    e->events[e->n_events++] = v;
    return true;
}

void dpor_taken(explorer *e)
{
    const sim_machine *m = e->m;
    xevent *ev = &e->events[e->n_events - 1];
    if (m->model->may_step &&
        (ev->x.c.kind == SIM_CHOICE_STEP || sim_choice_is_step_outcome(ev->x.c.kind)) &&
        rule_allowed(m) != ev->allowed)
        ev->x.resched = true;
    /* A CAS that failed only read its cell: in the races of the run it is a
     * load (two failed CASes, or one and a load, commute). */
    if (ev->x.kind == SIM_ACT_CAS && m->mem == &sim_mem_sc &&
        sim_cell_read(ev->x.target, ev->width) == ev->before)
        ev->x.kind = SIM_ACT_LOAD;
}

/* ---- happens-before ------------------------------------------------------------ */

static uint32_t *vc_of(const explorer *e, size_t event)
{
    return e->vc + event * (size_t)e->n_procs;
}

static void join(uint32_t *into, const uint32_t *from, int n)
{
    for (int p = 0; p < n; p++)
        if (from[p] > into[p])
            into[p] = from[p];
}

/* The clock of `h` (proc p) if it came after the first `prefix` events. */
static void clock_of(const explorer *e, const xchoice *h, int p, size_t prefix, uint32_t *out)
{
    memset(out, 0, (size_t)e->n_procs * sizeof *out);
    for (size_t i = prefix; i-- > 0;) {
        const xevent *ev = &e->events[i];
        if (out[ev->proc] > i)
            continue; /* already before h */
        if (ev->proc == p || dpor_dependent(&ev->x, h))
            join(out, vc_of(e, i), e->n_procs);
    }
}

/* ---- reversing a race ---------------------------------------------------------- */

typedef enum reversal { REV_COVERED, REV_ADDED, REV_BLOCKED } reversal;

static bool entry_has(const explorer *e, const dfs_node *nd, sim_choice c, uint8_t flags)
{
    for (uint32_t k = 0; k < nd->n; k++)
        if (sim_choice_eq(e->entries[nd->first + k].x.c, c))
            return (e->entries[nd->first + k].flags & flags) != 0 || flags == 0;
    return false;
}

static bool arrival_sleeps(const explorer *e, const dfs_node *nd, sim_choice c)
{
    for (uint32_t k = 0; k < nd->sleep_n; k++)
        if (sim_choice_eq(e->sleeps[nd->sleep_first + k], c))
            return true;
    return false;
}

/* The nearest node at or before event i with more than one choice: every
 * choice there that does not sleep goes into its backtrack set. */
static void backtrack_everything_before(explorer *e, size_t i)
{
    for (size_t k = i + 1; k-- > 0;) {
        int32_t node = e->events[k].node;
        if (node < 0 || e->stack[node].n < 2)
            continue;
        dfs_node *nd = &e->stack[node];
        for (uint32_t c = 0; c < nd->n; c++)
            if (!arrival_sleeps(e, nd, e->entries[nd->first + c].x.c))
                e->entries[nd->first + c].flags |= X_BACKTRACK;
        return;
    }
}

/* The race of event i with h (whose clock is hc) after `prefix` events. */
static reversal reverse(explorer *e, size_t i, const xchoice *h, int hp, const uint32_t *hc,
                        size_t prefix)
{
    int ip = e->events[i].proc, P = e->n_procs;
    /* v: the events after i not ordered after it, then h; its initials are
     * those with nothing of v before them */
    size_t first_in_v[2 * SIM_MAX_ACTORS + 1];
    for (int p = 0; p < P; p++)
        first_in_v[p] = SIZE_MAX;
    sim_choice initials[2 * SIM_MAX_ACTORS + 2];
    int n_init = 0;
    for (size_t k = i + 1; k <= prefix; k++) {
        const uint32_t *kc = k < prefix ? vc_of(e, k) : hc;
        if (k < prefix && kc[ip] > i)
            continue; /* ordered after i */
        int kp = k < prefix ? e->events[k].proc : hp;
        bool initial = true;
        for (int p = 0; p < P && initial; p++)
            if (first_in_v[p] != SIZE_MAX && first_in_v[p] < kc[p])
                initial = false;
        if (first_in_v[kp] == SIZE_MAX)
            first_in_v[kp] = k;
        else
            initial = false; /* its own program order comes first */
        if (initial) {
            sim_choice c = k < prefix ? e->events[k].x.c : h->c;
            if (sim_choice_is_step_outcome(c.kind)) /* its actor's step: all its outcomes */
                c = sim_step_choice(c.actor);
            initials[n_init++] = c;
        }
    }
    const xevent *ev = &e->events[i];
    if (ev->node >= 0) {
        dfs_node *nd = &e->stack[ev->node];
        for (int k = 0; k < n_init; k++)
            if (entry_has(e, nd, initials[k], X_DONE | X_BACKTRACK) ||
                arrival_sleeps(e, nd, initials[k]))
                return REV_COVERED;
        for (int k = 0; k < n_init; k++)
            for (uint32_t c = 0; c < nd->n; c++)
                if (sim_choice_eq(e->entries[nd->first + c].x.c, initials[k])) {
                    e->entries[nd->first + c].flags |= X_BACKTRACK;
                    return REV_ADDED;
                }
    }
    /* No initial was possible just before i. */
    for (int k = 0; k < n_init; k++) {
        sim_choice c = initials[k];
        if (c.kind != SIM_CHOICE_STEP || !(ev->blocked >> c.actor & 1)) {
            backtrack_everything_before(e, i);
            return REV_ADDED;
        }
    }
    return REV_BLOCKED; /* i let them move: no run puts them first */
}

/* Every race of h (proc hp) with the first `prefix` events. */
static void races_of(explorer *e, const xchoice *h, int hp, size_t prefix, uint32_t *hc,
                     uint32_t *cover)
{
    clock_of(e, h, hp, prefix, hc);
    /* cover: what orders events before h for the purpose of races: like the
     * clock, but a race that cannot be reversed does not cover */
    memset(cover, 0, (size_t)e->n_procs * sizeof *cover);
    for (size_t i = prefix; i-- > 0;) {
        const xevent *ev = &e->events[i];
        if (cover[ev->proc] > i)
            continue;
        if (ev->proc == hp) {
            join(cover, vc_of(e, i), e->n_procs);
            continue;
        }
        if (!dpor_dependent(&ev->x, h))
            continue;
        if (reverse(e, i, h, hp, hc, prefix) == REV_BLOCKED)
            continue;
        join(cover, vc_of(e, i), e->n_procs);
    }
}

void dpor_analyse(explorer *e)
{
    sim_machine *m = e->m;
    size_t P = (size_t)e->n_procs, n = e->n_events;
    uint32_t *vc = sim_vec_grow(e->vc, &e->cap_vc, (n + 2) * P, sizeof *vc, 4096);
    if (!vc)
        return;
    e->vc = vc;
    uint32_t *hc = vc_of(e, n), *cover = vc_of(e, n + 1);
    /* the clocks of the events replayed from the stack were computed before */
    for (size_t j = e->replayed; j < n; j++) {
        xevent *ev = &e->events[j];
        races_of(e, &ev->x, ev->proc, j, hc, cover);
        memcpy(vc_of(e, j), hc, P * sizeof *hc);
        vc_of(e, j)[ev->proc] = (uint32_t)j + 1;
    }
    /* irqs, ticks and drops that were possible and not taken */
    for (size_t k = 0; k < e->len; k++) {
        dfs_node *nd = &e->stack[k];
        if (nd->event < e->replayed)
            continue;
        for (uint32_t c = 0; c < nd->n; c++) {
            xchoice x = e->entries[nd->first + c].x;
            if (c != nd->chosen && x.c.kind != SIM_CHOICE_STEP &&
                !sim_choice_is_step_outcome(x.c.kind))
                races_of(e, &x, proc_of(e, &x), nd->event, hc, cover);
        }
    }
    /* the next step of every actor that did not finish */
    for (int i = 0; i < m->n_actors; i++) {
        if (m->actors[i].finished || m->actors[i].dormant)
            continue;
        xchoice x = explore_describe(m, sim_step_choice(i));
        races_of(e, &x, i, n, hc, cover);
    }
}
