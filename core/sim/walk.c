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
 * is behind them (that is the depth-first search's need, explore.c).  Each
 * choice is drawn by one function (walk_next), where the last one ended: on
 * the host, or, after a step, on the stack of the actor that took it, which
 * takes a step drawn there without going back to the host (walk_chooser,
 * sim_pass_turn in step.c): the same draws in the same order either way.
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

/* A walk under way: its generator, PCT's priorities and change points, who
 * stepped last, and the choice drawn next. */
typedef struct walk {
    explorer *e;
    run_info info;
    uint64_t rng;
    bool pct;
    int prio[SIM_MAX_ACTORS]; /* pct: higher runs first */
    uint64_t change[16];      /* pct: the steps after which a priority drops */
    int n_change;
    int prev; /* the actor that stepped last */
    sim_act_kind prev_kind;
    bool stepped;    /* the choice drawn last was a step (of prev) */
    sim_choice next; /* the choice drawn, to take next */
    bool others;     /* whether it was not the only one */
    /* An actor's side drew `next` (walk_chooser) and handed it to the host
     * instead of taking it; `go`: false when the walk ended there. */
    bool handed, go;
} walk;

/* After the last choice drawn was taken (none yet at the start): PCT's
 * change points, then the next choice drawn into w->next; false when the walk
 * ends here (w->info.end says how, unless the machine's run is over). */
static bool walk_next(walk *w)
{
    explorer *e = w->e;
    sim_machine *m = e->m;
    if (w->pct && w->stepped)
        for (int i = 0; i < w->n_change; i++)
            if (w->change[i] == sim_steps(m))
                w->prio[w->prev] = i; /* below every initial priority */
    w->stepped = false;
    if (m->outcome != SIM_RUNNING)
        return false;
    if ((w->info.end = explore_before_choice(e)) != RUN_OK)
        return false;
    sim_choice E[SIM_MAX_CHOICES];
    int n = walk_choices(m, E);
    if (n == 0) { /* (sim_settle leaves a running machine a choice) */
        w->info.end = RUN_CUT;
        return false;
    }
    int prev_at = w->prev >= 0 ? walk_find_step(E, n, w->prev) : -1;
    /* switching away from an actor that could go on costs a preemption,
     * unless it had just spun or yielded */
    bool costly = prev_at >= 0 && w->prev_kind != SIM_ACT_SPIN && w->prev_kind != SIM_ACT_YIELD;
    int a = n == 1   ? 0
            : w->pct ? pct_pick(E, n, w->prio, e->cfg.pct_depth - 1)
                     : walk_draw(&w->rng, n);
    sim_choice c = E[a];
    if (costly && a != prev_at)
        w->info.preemptions++;
    if (c.kind == SIM_CHOICE_STEP) {
        w->prev_kind = m->actors[c.actor].pending.kind;
        w->prev = c.actor;
        w->stepped = true;
    }
    w->next = c;
    w->others = n > 1;
    return true;
}

/* The chooser the machine asks on the stack of the actor whose step just
 * ended (sim_pass_turn): the walk's next choice, drawn there exactly as the
 * host would draw it; a step is taken where it is (no switch to the host and
 * back), anything else handed to the host.  It only draws. */
static int walk_chooser(sim_machine *m, void *ctx, bool *others)
{
    (void)m;
    walk *w = ctx;
    bool go = walk_next(w);
    if (go && w->next.kind == SIM_CHOICE_STEP) {
        *others = w->others;
        return w->next.actor;
    }
    w->handed = true;
    w->go = go;
    return -1;
}

run_info explore_walk(explorer *e, uint64_t execution)
{
    sim_machine *m = e->m;
    walk_start(e);
    walk w = {.e = e,
              .info = {RUN_OK, 0},
              .rng = e->cfg.seed * 0x2545F4914F6CDD1Dull + execution,
              .pct = e->cfg.strategy == EXPLORE_PCT,
              .prev = -1,
              .prev_kind = SIM_ACT_NONE};
    if (w.pct) {
        int n = sim_actor_count(m), d = e->cfg.pct_depth;
        for (int i = 0; i < n; i++)
            w.prio[i] = d + i;
        for (int i = n - 1; i > 0; i--) { /* shuffle */
            int j = (int)(sim_splitmix64(&w.rng) % (uint64_t)(i + 1));
            int t = w.prio[i];
            w.prio[i] = w.prio[j];
            w.prio[j] = t;
        }
        uint64_t k = e->longest_run ? e->longest_run : 64;
        for (int i = 0; i < d - 1 && i < 16; i++)
            w.change[w.n_change++] = 1 + sim_splitmix64(&w.rng) % k;
    }
    if (!e->cfg.walk_on_host)
        sim_set_chooser(m, walk_chooser, &w);
    bool go = walk_next(&w);
    while (go) {
        sim_choice c = w.next;
        w.handed = false;
        if (c.kind == SIM_CHOICE_STEP)
            sim_step_listed(m, c.actor, w.others); /* every choice possible was listed */
        else
            sim_take(m, c); /* an irq, a tick, a drop: nobody's turn */
        /* The actors may have taken further steps among themselves, and drawn
         * the next choice already (walk_chooser). */
        go = w.handed ? w.go : walk_next(&w);
    }
    sim_set_chooser(m, NULL, NULL);
    w.info.end = explore_after_run(e, w.info.end);
    return w.info;
}
