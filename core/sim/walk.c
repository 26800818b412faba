/*
 * The explorer's walks (see explore.h): random runs and PCT, one run per
 * execution, each choice drawn afresh.
 *
 * Invariant: a walk takes exactly the choices the search order offers
 * (steps by actor, then irqs, drops and the tick: explore_choice_before),
 * drawn from the generator the seed and the execution's number start, so
 * the same seed gives the same runs natively and in WebAssembly.  A walk
 * keeps no stack, no sleep set and no events: nothing it does is ever
 * revisited, so it asks the machine only which choices exist, never what
 * is behind them (that is the depth-first search's need, explore.c).
 */
#include "explore_internal.h"
#include "machine_internal.h"
#include "rng.h"
#include "snapshot.h"

/* Every choice possible now, in the search's order; returns how many.  (The
 * machine is running: the walk's loop asked.) */
static int walk_choices(const sim_machine *m, sim_choice out[SIM_MAX_CHOICES])
{
    int n = 0;
    for (int i = 0; i < m->n_actors; i++)
        if (sim_can_step(m, i))
            out[n++] = sim_step_choice(i);
    if (!m->extras)
        return n; /* a plain threads world: steps only (machine.c) */
    sim_choice c[SIM_MAX_CHOICES];
    int steps = n, nx = sim_extra_choices(m, c);
    for (int k = 0; k < nx && n < SIM_MAX_CHOICES; k++) {
        int at = n++;
        while (at > steps && explore_choice_before(c[k], out[at - 1])) {
            out[at] = out[at - 1];
            at--;
        }
        out[at] = c[k];
    }
    return n;
}

/* The index of step(actor) among the choices, or -1. */
static int walk_find_step(const sim_choice *E, int n, int actor)
{
    for (int k = 0; k < n && E[k].kind == SIM_CHOICE_STEP; k++)
        if (E[k].actor == actor)
            return k;
    return -1;
}

/* A number below n drawn from the generator: its value modulo n, with a
 * mask when n is a power of two (the same number; a division is dear, and
 * two actors are the common case). */
static int walk_draw(uint64_t *rng, int n)
{
    uint64_t r = sim_splitmix64(rng), un = (uint64_t)n;
    return (int)((un & (un - 1)) == 0 ? r & (un - 1) : r % un);
}

/* The choice of PCT: the highest priority (an irq as its handler, the tick
 * below every actor). */
static int pct_pick(const sim_choice *E, int n, const int *prio, int tick_prio)
{
    int best = 0, best_p = 0;
    for (int k = 0; k < n; k++) {
        sim_choice c = E[k];
        int p = c.kind == SIM_CHOICE_TICK                               ? tick_prio
                : c.kind == SIM_CHOICE_STEP || c.kind == SIM_CHOICE_IRQ ? prio[c.actor]
                                                                        : 0;
        if (k == 0 || p > best_p) {
            best = k;
            best_p = p;
        }
    }
    return best;
}

/* The machine as its setup leaves it: put back from the snapshot taken after
 * the first walk's reset (the same state, without building the world again),
 * or reset when it cannot be kept or the search asked for resets. */
static void walk_start(explorer *e)
{
    sim_machine *m = e->m;
    bool keep = e->cfg.replay == EXPLORE_REPLAY_SNAPSHOT && !e->start_failed;
    if (keep && e->start && sim_snapshot_restore(m, e->start) == 0)
        return;
    sim_reset(m);
    if (!keep)
        return;
    if (!e->start)
        e->start = sim_snapshot_new();
    if (!e->start || !sim_snapshot_possible(m) || sim_snapshot_save(m, e->start) != 0)
        e->start_failed = true;
}

run_info explore_walk(explorer *e, uint64_t execution)
{
    sim_machine *m = e->m;
    run_info info = {RUN_OK, 0};
    walk_start(e);
    int prev = -1; /* the actor that stepped last */
    sim_act_kind prev_kind = SIM_ACT_NONE;
    uint64_t rng = e->cfg.seed * 0x2545F4914F6CDD1Dull + execution;
    /* pct: priorities (higher runs first) and change points */
    int prio[SIM_MAX_ACTORS];
    uint64_t change[16];
    int n_change = 0;
    bool pct = e->cfg.strategy == EXPLORE_PCT;
    if (pct) {
        int n = sim_actor_count(m), d = e->cfg.pct_depth;
        for (int i = 0; i < n; i++)
            prio[i] = d + i;
        for (int i = n - 1; i > 0; i--) { /* shuffle */
            int j = (int)(sim_splitmix64(&rng) % (uint64_t)(i + 1));
            int t = prio[i];
            prio[i] = prio[j];
            prio[j] = t;
        }
        uint64_t k = e->longest_run ? e->longest_run : 64;
        for (int i = 0; i < d - 1 && i < 16; i++)
            change[n_change++] = 1 + sim_splitmix64(&rng) % k;
    }
    while (m->outcome == SIM_RUNNING) {
        if ((info.end = explore_before_choice(e)) != RUN_OK)
            break;
        sim_choice E[SIM_MAX_CHOICES];
        int n = walk_choices(m, E);
        if (n == 0) { /* (sim_settle leaves a running machine a choice) */
            info.end = RUN_CUT;
            break;
        }
        int prev_at = prev >= 0 ? walk_find_step(E, n, prev) : -1;
        /* switching away from an actor that could go on costs a preemption,
         * unless it had just spun or yielded */
        bool costly = prev_at >= 0 && prev_kind != SIM_ACT_SPIN && prev_kind != SIM_ACT_YIELD;
        int a = n == 1 ? 0 : pct ? pct_pick(E, n, prio, e->cfg.pct_depth - 1) : walk_draw(&rng, n);
        sim_choice c = E[a];
        if (costly && a != prev_at)
            info.preemptions++;
        if (c.kind == SIM_CHOICE_STEP) {
            prev_kind = m->actors[c.actor].pending.kind;
            sim_step_listed(m, c.actor, n > 1); /* E holds every choice possible */
            prev = c.actor;
        } else {
            sim_take(m, c); /* an irq, a tick, a drop: nobody's turn */
        }
        if (pct && c.kind == SIM_CHOICE_STEP)
            for (int i = 0; i < n_change; i++)
                if (change[i] == sim_steps(m))
                    prio[c.actor] = i; /* below every initial priority */
    }
    info.end = explore_after_run(e, info.end);
    return info;
}
