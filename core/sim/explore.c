/*
 * The explorer (see explore.h).
 *
 * Depth-first search keeps a stack with one node per real choice of the
 * current run (explore_internal.h): which choices were possible (steps, irqs,
 * the tick, drops; see choice.h), which of them have been tried from here,
 * the sleep set, and the preemptions spent so far.  A run replays the
 * stack's choices and extends it with default choices (keep running the same
 * actor; after a spin or a yield, or when it cannot move, the first possible
 * step, else the first other choice).  Choices are kept in one order: steps
 * by actor, then irqs, drops and the tick.
 *
 * Random and PCT runs are walks (walk.c): no stack, each choice drawn afresh.
 *
 * Two searches share this loop:
 *   bounded   (bound K >= 0) backtracking takes the deepest node that still
 *             has an untried choice affordable within the preemption bound.
 *             Taking an irq or a tick where the previous actor could have
 *             continued costs a preemption too.
 *   complete  (bound < 0) source-set dynamic partial-order reduction
 *             (dpor.c): backtracking takes only the choices that a race in
 *             some run asked for, so each class of runs that differ only in
 *             the order of commuting choices is run about once, and every
 *             class is run.
 *
 * Spin rounds that re-read a value nobody changed are left out of both
 * complete searches, DPOR and the stateful one (spin_await.c): the spinning actor awaits a change,
 * and its step becomes a spin-out, tried after every other choice.
 *
 * Local steps (spin, yield, work) touch nothing shared, so where they happen
 * does not matter: with pruning on they are taken as soon as they come up and
 * are never a choice.
 *
 * Bounded time: a run stops at max_steps (RUN_LIMIT, counted: a search whose
 * every run stops there says the program may not terminate), the search at
 * max_total_steps (RUN_BUDGET: the run in progress is dropped).
 *
 * Sleep sets: after trying choice a at a node, a later sibling b's subtree need
 * not try a first again if a is independent of everything done since (the
 * scheduling model's dependence, sim_dependent: steps on different objects
 * commute, a tick conflicts with the tasks of the level it preempts, ...):
 * that ordering only swaps two commuting choices.  Such choices "sleep" until
 * a dependent one wakes them; a run whose every possible choice sleeps is cut
 * short.
 */
#include "explore_internal.h"
#include "machine_internal.h"
#include "mem/model.h"
#include "run.h"
#include "sched/model.h"
#include "snapshot.h"
#include "vec.h"
#include "visited.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int explore_strategy_from_name(const char *name)
{
    if (strcmp(name, "dfs") == 0)
        return EXPLORE_DFS;
    if (strcmp(name, "random") == 0)
        return EXPLORE_RANDOM;
    if (strcmp(name, "pct") == 0)
        return EXPLORE_PCT;
    return -1;
}

void explore_config_default(explore_config *c)
{
    memset(c, 0, sizeof *c);
    c->strategy = EXPLORE_DFS;
    c->bound = 3;
    c->max_executions = 1000000;
    c->max_steps = EXPLORE_MAX_STEPS;
    c->max_total_steps = EXPLORE_MAX_TOTAL_STEPS;
    c->pct_depth = 3;
    c->prune = true;
    c->spin_await = true;
    c->minimize_budget = 20000;
}

explorer *explore_new(sim_machine *m, const explore_config *cfg)
{
    explorer *e = calloc(1, sizeof *e);
    if (!e)
        return NULL;
    e->m = m;
    if (cfg)
        e->cfg = *cfg;
    else
        explore_config_default(&e->cfg);
    if (e->cfg.bound < 0)
        e->cfg.bound = EXPLORE_BOUND_NONE;
    if (e->cfg.pct_depth < 1)
        e->cfg.pct_depth = 1;
    if (e->cfg.max_steps == 0)
        e->cfg.max_steps = EXPLORE_MAX_STEPS;
    if (e->cfg.max_total_steps == 0)
        e->cfg.max_total_steps = EXPLORE_MAX_TOTAL_STEPS;
    sim_schedule_init(&e->res.schedule);
    if (e->cfg.stateful && e->cfg.strategy == EXPLORE_DFS) {
        e->cfg.bound = EXPLORE_BOUND_NONE;
        e->seen = visited_new(e->cfg.max_states > SIZE_MAX ? SIZE_MAX : (size_t)e->cfg.max_states);
        if (!e->seen) {
            free(e);
            return NULL;
        }
        sim_keep_stories(m, true);
    }
    e->res.bound = e->cfg.strategy == EXPLORE_DFS && !explore_unbounded(e) ? 0 : -1;
    /* the actors, their store buffers if the memory model has them (dpor.c),
     * and the environment (the tick) */
    e->n_procs = sim_actor_count(m) * (m->mem->choices ? 2 : 1) + 1;
    e->spin_on = spin_await_active(e);
    e->split_width = -1;
    e->probe_weight = 1;
    return e;
}

void explore_free(explorer *e)
{
    if (!e)
        return;
    sim_schedule_free(&e->res.schedule);
    free(e->stack);
    free(e->entries);
    free(e->sleeps);
    free(e->sleep);
    free(e->events);
    free(e->vc);
    sim_snapshot_free(e->start);
    replay_free(e);
    complete_free(e);
    if (e->seen)
        sim_keep_stories(e->m, false);
    visited_free(e->seen);
    free(e);
}

const explore_result *explore_result_of(const explorer *e) { return &e->res; }

/* ---- choices: their order, what is behind them, sleep sets ---------------------- */

/* The search's order of choices: steps by actor, then irqs, drops, the tick. */
static int choice_rank(sim_choice c)
{
    static const int rank[SIM_CHOICE_KINDS] = {
        [SIM_CHOICE_STEP] = 0,  [SIM_CHOICE_IRQ] = 1,       [SIM_CHOICE_DROP] = 2,
        [SIM_CHOICE_TICK] = 3,  [SIM_CHOICE_READ_FROM] = 4, [SIM_CHOICE_FLUSH] = 5,
        [SIM_CHOICE_PLACE] = 6,
    };
    return c.kind < SIM_CHOICE_KINDS ? rank[c.kind] : SIM_CHOICE_KINDS;
}

bool explore_choice_before(sim_choice a, sim_choice b)
{
    int ra = choice_rank(a), rb = choice_rank(b);
    if (ra != rb)
        return ra < rb;
    return a.actor != b.actor ? a.actor < b.actor : a.arg < b.arg;
}

static bool is_local_kind(sim_act_kind k)
{
    return k == SIM_ACT_SPIN || k == SIM_ACT_YIELD || k == SIM_ACT_WORK;
}

xchoice explore_describe(const sim_machine *m, sim_choice c)
{
    xchoice x = {.c = c, .kind = SIM_ACT_NONE, .raises = -1};
    if (sim_choice_is_memory(c.kind) && m->mem->choice_cell)
        x.target = m->mem->choice_cell(m, c); /* the cell a flush writes */
    if (c.kind != SIM_CHOICE_STEP && !sim_choice_is_step_outcome(c.kind))
        return x; /* (a read_from or a place is its actor's step, another outcome) */
    const sim_action *p = &m->actors[c.actor].pending;
    x.kind = (uint8_t)p->kind;
    x.target = p->target;
    x.ordered = m->mem->ordered && m->mem->ordered(p);
    int64_t cost = p->has_cost ? p->cost : m->cost[p->kind];
    x.free_local = is_local_kind(p->kind) && cost == 0;
    if (p->kind == SIM_ACT_RAISE)
        x.raises = (int16_t)((const plat_parker *)p->target)->owner;
    return x;
}

/* Every choice possible now, in the search's order; returns how many. */
static int possible_choices(const sim_machine *m, xchoice out[SIM_MAX_CHOICES])
{
    int en[SIM_MAX_ACTORS];
    int ns = sim_enabled(m, en), n = 0;
    for (int k = 0; k < ns; k++)
        out[n++] = explore_describe(m, sim_step_choice(en[k]));
    sim_choice c[SIM_MAX_CHOICES];
    int nx = sim_extra_choices(m, c);
    for (int k = 0; k < nx && n < SIM_MAX_CHOICES; k++) {
        int at = n++;
        while (at > ns && explore_choice_before(c[k], out[at - 1].c)) {
            out[at] = out[at - 1];
            at--;
        }
        out[at] = explore_describe(m, c[k]);
    }
    return n;
}

static int find_choice(const xchoice *set, int n, sim_choice c)
{
    for (int k = 0; k < n; k++)
        if (sim_choice_eq(set[k].c, c))
            return k;
    return -1;
}

static bool sleeps_in(const sim_choice *set, size_t n, sim_choice c)
{
    for (size_t k = 0; k < n; k++)
        if (sim_choice_eq(set[k], c))
            return true;
    return false;
}

bool explore_sleeps(const explorer *e, sim_choice c) { return sleeps_in(e->sleep, e->n_sleep, c); }

static bool sleep_add(explorer *e, sim_choice c)
{
    if (sleeps_in(e->sleep, e->n_sleep, c))
        return true;
    sim_choice *s = sim_vec_grow(e->sleep, &e->cap_sleep, e->n_sleep + 1, sizeof *s, 16);
    if (!s)
        return false;
    e->sleep = s;
    e->sleep[e->n_sleep++] = c;
    return true;
}

bool explore_sleep_add(explorer *e, sim_choice c) { return sleep_add(e, c); }

/* The sleepers that `taken` does not commute with wake up (and `taken`
 * itself leaves the set).  Two steps are judged by their actions in every
 * model (inline: this runs at every step); anything else asks the model. */
static void wake_dependent(explorer *e, sim_choice taken)
{
    const sim_machine *m = e->m;
    const sim_action *ta = taken.kind == SIM_CHOICE_STEP ? sim_pending(m, taken.actor) : NULL;
    size_t k = 0;
    for (size_t i = 0; i < e->n_sleep; i++) {
        sim_choice s = e->sleep[i];
        if (sim_choice_eq(s, taken))
            continue;
        bool dep = ta && s.kind == SIM_CHOICE_STEP && !m->mem->ordered
                       ? sim_actions_dependent(sim_pending(m, s.actor), ta)
                       : sim_dependent(m, s, taken);
        if (!dep && explore_complete_mode(e)) {
            /* the races' dependence too: the search is sound only if both agree */
            xchoice xs = explore_describe(m, s), xt = explore_describe(m, taken);
            dep = dpor_dependent(&xs, &xt);
        }
        if (!dep)
            e->sleep[k++] = s;
    }
    e->n_sleep = k;
}

/* A step among the choices that is local (spin, yield, work) and not
 * asleep, or -1. */
static int explore_local_step(const explorer *e, const xchoice *E, int n)
{
    for (int k = 0; k < n && E[k].c.kind == SIM_CHOICE_STEP; k++)
        if (is_local_kind((sim_act_kind)E[k].kind) && !sleeps_in(e->sleep, e->n_sleep, E[k].c))
            return k;
    return -1;
}

/* ---- one run ------------------------------------------------------------------- */

/* One step of an actor (spin_await.c keeps its rounds when that is on). */
static void step_actor(explorer *e, int actor)
{
    if (e->spin_on)
        spin_await_step(e, actor);
    else
        sim_step(e->m, actor);
}

/* Whether choice c is a spin-out (spin_await.c): the search tries those last. */
static bool is_spin_out(const explorer *e, sim_choice c)
{
    return e->spin_on && c.kind == SIM_CHOICE_STEP && spin_await_waits(e, c.actor);
}

/* A new node for the choice `a` among E, with the current sleep set. */
static bool push(explorer *e, const xchoice *E, int n, int a, dfs_node nd,
                 const sim_choice *env_before, int n_env_before)
{
    dfs_node *s = sim_vec_grow(e->stack, &e->cap, e->len + 1, sizeof *s, 256);
    if (!s)
        return false;
    e->stack = s;
    xentry *en =
        sim_vec_grow(e->entries, &e->cap_entries, e->n_entries + (size_t)n, sizeof *en, 1024);
    if (!en)
        return false;
    e->entries = en;
    sim_choice *sl =
        sim_vec_grow(e->sleeps, &e->cap_sleeps, e->n_sleeps + e->n_sleep + 1, sizeof *sl, 1024);
    if (!sl)
        return false;
    e->sleeps = sl;
    nd.first = e->n_entries;
    nd.n = (uint32_t)n;
    nd.chosen = (uint32_t)a;
    nd.sleep_first = e->n_sleeps;
    nd.sleep_n = (uint32_t)e->n_sleep;
    nd.awake = 0;
    for (int k = 0; k < n; k++)
        nd.awake += !sleeps_in(e->sleep, e->n_sleep, E[k].c);
    nd.share = estimate_share(e, e->len);
    for (int k = 0; k < n; k++) {
        uint8_t f = k == a ? X_DONE | X_TRIED | X_BACKTRACK : 0;
        /* Complete search: an irq, a tick or a drop that just became
         * possible is tried here once; races move it from there. */
        if (explore_complete_mode(e) && E[k].c.kind != SIM_CHOICE_STEP &&
            !sim_choice_is_step_outcome(E[k].c.kind) &&
            !sleeps_in(env_before, (size_t)n_env_before, E[k].c))
            f |= X_BACKTRACK;
        e->entries[e->n_entries++] = (xentry){E[k], f};
    }
    if (e->n_sleep) /* (e->sleep is NULL until something sleeps) */
        memcpy(e->sleeps + e->n_sleeps, e->sleep, e->n_sleep * sizeof *e->sleep);
    e->n_sleeps += e->n_sleep;
    e->stack[e->len++] = nd;
    return true;
}

/* Complete search: the irqs, ticks and drops that were possible before the
 * last choice and are not now: that choice disabled them, a race the races of
 * events cannot see, so each is tried instead of it (at its node). */
static void backtrack_disabled(explorer *e, const sim_choice *env, int n_env, const xchoice *E,
                               int n, int32_t node)
{
    if (node < 0)
        return;
    dfs_node *nd = &e->stack[node];
    for (int k = 0; k < n_env; k++) {
        if (find_choice(E, n, env[k]) >= 0)
            continue;
        for (uint32_t c = 0; c < nd->n; c++)
            if (sim_choice_eq(e->entries[nd->first + c].x.c, env[k]))
                e->entries[nd->first + c].flags |= X_BACKTRACK;
    }
}

/* Complete search: the spin-out E[a] at `node` never stopped.  Every other
 * choice there that is awake is tried instead; the run is cut if any other
 * choice is an ordinary step (it can end the spin), else it reached the step
 * limit.  An ordinary step asleep here counts too: its runs from here were
 * made from an earlier sibling (a split unit's, split.c, or this search's),
 * so the actor was not left behind for ever. */
static run_end spun_forever(explorer *e, const xchoice *E, int n, int a, int32_t node)
{
    bool other_step = false;
    for (int k = 0; k < n; k++) {
        if (k == a)
            continue;
        other_step |= !is_spin_out(e, E[k].c);
        if (node < 0 || sleeps_in(e->sleep, e->n_sleep, E[k].c))
            continue;
        dfs_node *nd = &e->stack[node];
        for (uint32_t j = 0; j < nd->n; j++)
            if (sim_choice_eq(e->entries[nd->first + j].x.c, E[k].c))
                e->entries[nd->first + j].flags |= X_BACKTRACK;
    }
    return other_step ? RUN_CUT : RUN_LIMIT;
}

/* Stateful search: whether a state of this key is a node of the current run. */
static bool on_this_run(const explorer *e, state_key key)
{
    for (size_t d = 0; d < e->len; d++)
        if (e->stack[d].key[0] == key.a && e->stack[d].key[1] == key.b)
            return true;
    return false;
}

/* Stateful search: the first of the choices left to explore (a bit each,
 * visited_bit), or -1. */
static int first_left(const xchoice *E, int n, uint64_t left)
{
    for (int k = 0; k < n; k++) {
        int bit = visited_bit(E[k].c);
        if (bit >= 0 && (left >> bit & 1))
            return k;
    }
    return -1;
}

/* Stateful search, at the node just pushed for a state seen before: the
 * choices explored from it then are not tried again (nor put to sleep in
 * their siblings: they were never tried from here). */
static void leave_explored(explorer *e, const xchoice *E, int n, uint64_t left)
{
    xentry *en = e->entries + e->stack[e->len - 1].first;
    for (int k = 0; k < n; k++) {
        int bit = visited_bit(E[k].c);
        if (bit < 0 || !(left >> bit & 1))
            en[k].flags |= X_DONE;
    }
}

/* Whether backtracking may come back to node nd for another choice: one is
 * neither tried nor asleep on arrival (under DPOR a race may still ask for
 * one; its runs start from the root and keep no points). */
static bool may_come_back(const explorer *e, const dfs_node *nd)
{
    const xentry *en = e->entries + nd->first;
    for (uint32_t k = 0; k < nd->n; k++)
        if (!(en[k].flags & X_DONE) &&
            !(e->cfg.prune && sleeps_in(e->sleeps + nd->sleep_first, nd->sleep_n, en[k].x.c)))
            return true;
    return false;
}

/* What a run carries from one node to the next. */
typedef struct run_state {
    run_info info;
    size_t depth, replay_len;
    int prev; /* the actor that stepped last */
    sim_act_kind prev_kind;
    bool complete;
    /* complete search: the irqs, ticks and drops possible before this choice */
    sim_choice env[SIM_MAX_CHOICES];
    int n_env;
    int32_t env_node; /* the node of the last choice taken, or -1 */
    /* the choices possible now, the one to take (E[a]), its node or -1 */
    xchoice E[SIM_MAX_CHOICES];
    int n, a;
    int32_t node;
    bool local; /* E[a] is a local step: nobody's turn, no node */
} run_state;

/* The choice the run takes next, E[r->a], decided with everything that goes
 * with it (the node pushed or replayed, the state looked up, the sleep set,
 * the preemption counted); false when the run ends here (r->info.end says
 * how).  It never steps (choose enforces it): explore_one_run takes the
 * choice. */
static inline bool decide(explorer *e, run_state *r)
{
    sim_machine *m = e->m;
    if ((r->info.end = explore_before_choice(e)) != RUN_OK)
        return false;
    xchoice *E = r->E;
    int n = r->n = possible_choices(m, E);
    if (r->complete)
        backtrack_disabled(e, r->env, r->n_env, E, n, r->env_node);
    int prev_at = r->prev >= 0 ? find_choice(E, n, sim_step_choice(r->prev)) : -1;
    bool costly = prev_at >= 0 && r->prev_kind != SIM_ACT_SPIN && r->prev_kind != SIM_ACT_YIELD;
    int a; /* an index into E */
    int32_t node = -1;
    /* (a spin-out only when nothing else is awake) */
    int first_awake = -1;
    for (int pass = 0; pass < 2 && first_awake < 0; pass++)
        for (int k = 0; k < n && first_awake < 0; k++)
            if (!sleeps_in(e->sleep, e->n_sleep, E[k].c) && (pass == 1 || !is_spin_out(e, E[k].c)))
                first_awake = k;
    if (first_awake < 0) {
        r->info.end = RUN_CUT; /* everything left was explored elsewhere */
        return false;
    }
    /* (Not when a tick is possible: a tick moves time, and whether
     * it comes before or after the step can decide a timeout.) */
    bool tick_possible = n > 0 && E[n - 1].c.kind == SIM_CHOICE_TICK;
    /* (Nor under a model that picks who runs: there the last step of
     * an actor, local or not, changes who may run next.) */
    int local =
        e->cfg.prune && !tick_possible && !m->model->may_step ? explore_local_step(e, E, n) : -1;
    r->local = local >= 0 && n > 1;
    if (r->local) {
        /* A step that touches nothing shared commutes with every
         * other: taking it now stands for every place it could go.
         * It is nobody's turn, so it costs no preemption and leaves
         * `prev` alone. */
        if (r->complete && !dpor_record(e, &E[local], -1)) {
            r->info.end = RUN_CUT;
            return false;
        }
        r->a = local;
        return true;
    }
    if (n == 1) {
        a = 0;
    } else if (r->depth < e->len) {
        dfs_node *nd = &e->stack[r->depth];
        node = (int32_t)r->depth++;
        a = find_choice(E, n, e->entries[nd->first + nd->chosen].x.c);
        if (a < 0) { /* the machine did not repeat itself: never expected */
            r->info.end = RUN_CUT;
            return false;
        }
        e->n_sleep = 0;
        for (uint32_t k = 0; k < nd->sleep_n; k++)
            sleep_add(e, e->sleeps[nd->sleep_first + k]);
        for (uint32_t k = 0; k < nd->n; k++)
            if (k != nd->chosen && (e->entries[nd->first + k].flags & X_TRIED))
                sleep_add(e, e->entries[nd->first + k].x.c);
        if (r->depth == r->replay_len)
            e->replayed = e->n_events;
        nd->event = e->n_events;
        if (may_come_back(e, nd))
            replay_keep(e, (size_t)node, r->prev, r->prev_kind, r->info.preemptions);
    } else {
        bool prev_awake = prev_at >= 0 && !sleeps_in(e->sleep, e->n_sleep, E[prev_at].c) &&
                          !is_spin_out(e, E[prev_at].c);
        a = costly && prev_awake ? prev_at : first_awake;
        bool pinned = e->cfg.split && r->complete;
        if (pinned && (a = split_pick(e, E, n, a, r->depth)) < 0) {
            r->info.end = RUN_CUT; /* another unit's run */
            return false;
        }
        uint64_t left = 0;
        state_key key = {0, 0};
        visit seen = e->seen ? visited_at(e, e->seen, E, n, &left, &key) : VISIT_SKIP;
        e->keys_asked += e->seen != NULL;
        e->keys_missing += e->seen && seen == VISIT_SKIP;
        if (seen == VISIT_FULL) {
            e->states_full = true; /* (explored as if never seen, it could take any time) */
            r->info.end = RUN_BUDGET;
            return false;
        }
        if (seen == VISIT_PRUNE || seen == VISIT_AGAIN) {
            /* Seen before: on this run, a loop that may never end (cut like
             * a run at the step limit); else explored, maybe in part. */
            if (on_this_run(e, key)) {
                r->info.end = RUN_LIMIT;
                return false;
            }
            if (seen == VISIT_PRUNE || (a = first_left(E, n, left)) < 0) {
                r->info.end = RUN_CUT;
                return false;
            }
        }
        if (!explore_unbounded(e) && costly && a != prev_at &&
            r->info.preemptions + 1 > e->res.bound) {
            e->bounded_out = true;
            r->info.end = RUN_CUT;
            return false;
        }
        dfs_node nd = {.prev = (int16_t)r->prev,
                       .costly = costly,
                       .preemptions = r->info.preemptions,
                       .event = e->n_events,
                       .key = {key.a, key.b}};
        if (!push(e, E, n, a, nd, r->env, r->n_env)) {
            r->info.end = RUN_CUT;
            return false;
        }
        if (seen == VISIT_AGAIN)
            leave_explored(e, E, n, left);
        node = (int32_t)(e->len - 1);
        if (may_come_back(e, &e->stack[node]))
            replay_keep(e, (size_t)node, r->prev, r->prev_kind, r->info.preemptions);
        r->depth++;
        if (pinned)
            split_pushed(e);
    }
    if (!e->cfg.prune)
        e->n_sleep = 0;
    if (r->complete) {
        r->env_node = node;
        r->n_env = 0;
        for (int k = 0; k < n; k++)
            if (E[k].c.kind != SIM_CHOICE_STEP)
                r->env[r->n_env++] = E[k].c;
        if (!dpor_record(e, &E[a], node)) {
            r->info.end = RUN_CUT;
            return false;
        }
    }
    if (costly && a != prev_at)
        r->info.preemptions++;
    wake_dependent(e, E[a].c);
    r->a = a;
    r->node = node;
    return true;
}

/* decide, which only asks the models (through their pointers) and never
 * switches coroutines, as the machine's queries (coro.h): a function of its
 * own in wasm, left out of Asyncify's instrumentation (mk/wasm.mk,
 * ASYNCIFY_QUERIES; EXPLORE_OUTSIDE_SWITCH says why). */
static EXPLORE_OUTSIDE_SWITCH bool choose(explorer *e, run_state *r)
{
    coro_no_switch++;
    bool take = decide(e, r);
    coro_no_switch--;
    return take;
}

/* One run: from where replay_start puts the machine, a choice at a time until
 * the run ends.  Only this loop and the steps it takes switch coroutines. */
static run_info explore_one_run(explorer *e)
{
    sim_machine *m = e->m;
    run_state r = {.info = {RUN_OK, 0},
                   .replay_len = e->len,
                   .prev = -1,
                   .prev_kind = SIM_ACT_NONE,
                   .env_node = -1};
    e->n_sleep = 0;
    if (e->spin_on)
        spin_await_reset(e); /* (a run from a point gets the point's rounds back) */
    replay_start(e, &r.depth, &r.prev, &r.prev_kind, &r.info.preemptions); /* (replay.c) */
    e->run_from = sim_steps(m);
    e->n_events = 0;
    e->replayed = 0;
    r.complete = explore_complete_mode(e);

    while (sim_outcome_of(m) == SIM_RUNNING && choose(e, &r)) {
        sim_choice c = r.E[r.a].c;
        if (r.local) {
            step_actor(e, c.actor);
        } else if (is_spin_out(e, c)) {
            r.prev_kind = SIM_ACT_SPIN; /* (giving way after it costs nothing) */
            r.prev = c.actor;
            if (!spin_await_spin_out(e, c.actor)) {
                /* It spins forever: covered by the runs where another
                 * choice is taken here instead, so each is (a spin-out that
                 * only reads commutes with the others' next steps: no race
                 * would ask for them).  A cut, unless every other choice is
                 * a spin-out too (they may all spin forever) or none exists. */
                r.info.end = spun_forever(e, r.E, r.n, r.a, r.node);
                break;
            }
        } else if (c.kind == SIM_CHOICE_STEP) {
            r.prev_kind = sim_pending(m, c.actor)->kind;
            step_actor(e, c.actor);
            r.prev = c.actor;
        } else {
            sim_take(m, c); /* an irq, a tick, a drop: nobody's turn */
        }
        if (r.complete)
            dpor_taken(e);
    }
    if (e->cfg.split && r.complete && r.info.end != RUN_CUT && r.info.end != RUN_BUDGET &&
        split_run_void(e, r.depth))
        r.info.end = RUN_CUT; /* it ended above the unit's nodes: another unit counts it */
    if (r.complete && r.info.end != RUN_CUT && r.info.end != RUN_BUDGET)
        backtrack_disabled(e, r.env, r.n_env, NULL, 0, r.env_node);
    r.info.end = explore_after_run(e, r.info.end);
    return r.info;
}

static bool in_arrival_sleep(const explorer *e, const dfs_node *nd, sim_choice c)
{
    return sleeps_in(e->sleeps + nd->sleep_first, nd->sleep_n, c);
}

/* Complete search: whether a race asked for entry k of the node.  A
 * read_from or a place is another outcome of its actor's step, so it is
 * tried wherever that step is. */
static bool asked_for(const xentry *en, const dfs_node *nd, uint32_t k)
{
    if (en[k].flags & X_BACKTRACK)
        return true;
    if (!sim_choice_is_step_outcome(en[k].x.c.kind))
        return false;
    for (uint32_t j = 0; j < nd->n; j++)
        if (en[j].x.c.kind == SIM_CHOICE_STEP && en[j].x.c.actor == en[k].x.c.actor)
            return (en[j].flags & X_BACKTRACK) != 0;
    return false;
}

/* The deepest node with a choice still to try: bounded, an untried one
 * affordable within the bound; complete, one a race asked for. */
static EXPLORE_OUTSIDE_SWITCH bool backtrack(explorer *e)
{
    bool complete = explore_complete_mode(e);
    while (e->len > 0) {
        dfs_node *nd = &e->stack[e->len - 1];
        xentry *en = e->entries + nd->first;
        for (uint32_t k = 0; k < nd->n; k++) {
            if (en[k].flags & X_DONE)
                continue;
            if (complete && !asked_for(en, nd, k))
                continue;
            if (e->cfg.prune && in_arrival_sleep(e, nd, en[k].x.c))
                continue;
            en[k].flags |= X_DONE;
            int cost = nd->preemptions + (nd->costly && !(en[k].x.c.kind == SIM_CHOICE_STEP &&
                                                          en[k].x.c.actor == nd->prev)
                                              ? 1
                                              : 0);
            if (explore_unbounded(e) || cost <= e->res.bound) {
                nd->chosen = k;
                en[k].flags |= X_TRIED;
                return true;
            }
            e->bounded_out = true;
        }
        if (e->cfg.prune)
            for (uint32_t k = 0; k < nd->n; k++)
                if (!(en[k].flags & X_DONE) && in_arrival_sleep(e, nd, en[k].x.c))
                    e->res.pruned++;
        if (explore_unbounded(e))
            estimate_node_left(e, nd);
        e->n_entries = nd->first;
        e->n_sleeps = nd->sleep_first;
        e->len--;
    }
    return false;
}

static void describe_bad_run(explorer *e)
{
    sim_machine *m = e->m;
    explore_result *r = &e->res;
    if (sim_outcome_of(m) == SIM_STUCK) {
        snprintf(r->kind, sizeof r->kind, "stuck");
        r->message[0] = 0;
        size_t used = 0;
        for (int i = 0; i < sim_actor_count(m); i++) {
            sim_actor_state st = sim_actor_state_of(m, i);
            if (st == SIM_STATE_FINISHED || st == SIM_STATE_DORMANT)
                continue;
            char why[400];
            sim_block_reason(m, i, why, sizeof why);
            int k = snprintf(r->message + used, sizeof r->message - used, "%s%s %s",
                             used ? "; " : "", sim_actor_name(m, i), why);
            if (k < 0 || (size_t)k >= sizeof r->message - used)
                break;
            used += (size_t)k;
        }
    } else {
        snprintf(r->kind, sizeof r->kind, "%s", sim_end_kind(m));
        snprintf(r->message, sizeof r->message, "%s", sim_end_message(m));
    }
}

static EXPLORE_OUTSIDE_SWITCH void keep_if_better(explorer *e, const run_info *info)
{
    explore_result *r = &e->res;
    uint64_t steps = sim_steps(e->m);
    if (r->found && (info->preemptions > r->preemptions ||
                     (info->preemptions == r->preemptions && steps >= r->steps)))
        return;
    r->found = true;
    r->steps = steps;
    r->preemptions = info->preemptions;
    describe_bad_run(e);
    sim_schedule_free(&r->schedule);
    sim_schedule_of(e->m, &r->schedule);
}

void explore_group_digits(uint64_t v, char out[32])
{
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%llu", (unsigned long long)v), o = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && (n - i) % 3 == 0)
            out[o++] = ',';
        out[o++] = digits[i];
    }
    out[o] = 0;
}

/* The search ends before covering everything, for `reason`; but when every
 * run it made reached the step limit, that is the news. */
static void end_incomplete(explorer *e, const char *reason)
{
    explore_result *r = &e->res;
    r->finished = true;
    r->complete = false;
    if (!r->found && r->executions > 0 && r->step_limit_hits == r->executions) {
        char limit[32];
        explore_group_digits(e->cfg.max_steps, limit);
        snprintf(r->reason, sizeof r->reason,
                 "every run reached the %s-step limit: the program may not terminate; see "
                 "--max-steps",
                 limit);
    } else {
        snprintf(r->reason, sizeof r->reason, "%s", reason);
    }
}

void explore_stop(explorer *e, const char *reason)
{
    explore_result *r = &e->res;
    if (e->units) {
        complete_units_stop(e, reason);
        return;
    }
    if (r->finished)
        return;
    r->searched_all = false;
    if (r->found) { /* (it was looking for a shorter one) */
        r->finished = true;
        r->complete = false;
        snprintf(r->reason, sizeof r->reason, "%s", reason);
        return;
    }
    end_incomplete(e, reason);
}

void explore_end_searched(explorer *e)
{
    explore_result *r = &e->res;
    r->finished = true;
    r->searched_all = true;
    r->complete = r->step_limit_hits == 0;
    if (!r->complete) {
        char reason[160];
        snprintf(reason, sizeof reason,
                 "%llu runs reached the step limit of %llu steps (a loop that never ends?)",
                 (unsigned long long)r->step_limit_hits, (unsigned long long)e->cfg.max_steps);
        end_incomplete(e, reason);
    }
}

static void out_of_steps(explorer *e)
{
    char total[32], reason[160];
    explore_group_digits(e->cfg.max_total_steps, total);
    snprintf(reason, sizeof reason, "%s at the limit of %s steps in all",
             e->res.found ? "stopped looking for a shorter counterexample" : "stopped", total);
    end_incomplete(e, reason);
}

/* The stateful search met a state its table could not hold. */
static void out_of_states(explorer *e)
{
    char states[32], reason[160];
    explore_group_digits(visited_states(e->seen), states);
    const char *looking = e->res.found ? "stopped looking for a shorter counterexample" : "stopped";
    if (visited_out_of_memory(e->seen))
        snprintf(reason, sizeof reason, "%s: memory ran out after %s states remembered", looking,
                 states);
    else
        snprintf(reason, sizeof reason, "%s at the limit of %s states remembered (--max-states)",
                 looking, states);
    end_incomplete(e, reason);
}

/* The stateful search meets what it cannot remember (fall_back_to_dpor):
 * a run at the step limit, or, once it met FALL_BACK_AFTER_KEYS states,
 * nearly all of them (more than FALL_BACK_UNKEYED_TENTHS in ten) without a
 * key.
 *
 * Either way is sound: DPOR is complete, and so is the stateful search with
 * states it cannot key (it searches on from them as without memory).  Only
 * speed is at stake, so the rule is measured (bench/explore/compare-none.mjs,
 * bench/README.md).  Where half the states have no key, the half that do can
 * still cut whole subtrees: aqs three-semaphores has 45 % to 62 % without a
 * key (an actor holds the engine's plat lock: visited.c) and meets 7 % of
 * its states again, and the stateful search proves it in 8,492 executions
 * (0.8 s) where DPOR ends incomplete at 20,000,000 steps; giving way at a
 * majority (the rule before) lost that proof.  Nor does meeting few states
 * again say that memory does not pay: placed-by-hand meets 13 % again and
 * is proven in 525 executions against DPOR's 9,900.  Only where almost no
 * state has a key is the search sleep sets without memory, which DPOR beats.
 */
#define FALL_BACK_AFTER_KEYS 20000
#define FALL_BACK_UNKEYED_TENTHS 9

static bool stateful_gives_way(const explorer *e, run_end end)
{
    if (!e->seen || !e->cfg.fall_back_to_dpor || e->res.found)
        return false;
    return end == RUN_LIMIT || (e->keys_asked >= FALL_BACK_AFTER_KEYS &&
                                10 * e->keys_missing > FALL_BACK_UNKEYED_TENTHS * e->keys_asked);
}

/* Starts the search again as DPOR, in place, with the steps left of the
 * budget: the stateful search's runs count for nothing it reports. */
static bool start_again_as_dpor(explorer *e)
{
    explore_config cfg = e->cfg;
    cfg.stateful = false;
    cfg.fall_back_to_dpor = false;
    uint64_t taken = e->res.total_steps;
    cfg.max_total_steps = cfg.max_total_steps > taken ? cfg.max_total_steps - taken : 1;
    explorer *dpor = explore_new(e->m, &cfg);
    explorer *stateful = malloc(sizeof *stateful);
    if (!dpor || !stateful) {
        explore_free(dpor);
        free(stateful);
        return false;
    }
    *stateful = *e;
    *e = *dpor;
    free(dpor);
    explore_free(stateful); /* (the machine keeps no stories now) */
    e->res.fell_back = true;
    return true;
}

bool explore_run(explorer *e, uint64_t budget)
{
    explore_result *r = &e->res;
    if (e->units)
        return complete_units_run(e, budget);
    if (r->finished)
        return true;
    sim_set_trace(e->m, false);
    for (uint64_t i = 0; i < budget; i++) {
        if (e->cfg.max_executions && r->executions >= e->cfg.max_executions) {
            r->finished = true;
            if (!r->found) {
                char reason[64];
                snprintf(reason, sizeof reason, "stopped at the limit of %llu executions",
                         (unsigned long long)e->cfg.max_executions);
                end_incomplete(e, reason);
            }
            return true;
        }
        if (e->cfg.strategy == EXPLORE_DFS && e->started && !backtrack(e)) {
            /* this bound is exhausted */
            if (explore_unbounded(e))
                r->done = estimate_done(e);
            if (r->found || e->minimize_left) {
                r->finished = true;
                r->complete = true;
                return true;
            }
            if (!e->bounded_out || r->bound >= e->cfg.bound) {
                explore_end_searched(e); /* (an incomplete one says why) */
                if (r->complete && explore_unbounded(e)) {
                    snprintf(r->reason, sizeof r->reason, "every interleaving was explored");
                } else if (r->complete && !e->bounded_out) {
                    /* Nothing was ruled out: every interleaving was run, so the
                     * answer holds for the largest bound asked for too. */
                    r->bound = e->cfg.bound > r->bound ? e->cfg.bound : r->bound;
                    snprintf(r->reason, sizeof r->reason, "every interleaving was explored");
                }
                return true;
            }
            r->bound++;
            e->started = false;
            e->bounded_out = false;
        }
        if (complete_alone_over(e)) /* a complete search with more to do than alone */
            return complete_go_on(e, budget - i);
        e->started = true;
        e->run_from = 0; /* (a walk counts from its start, as it always has: walk.c) */
        run_info info =
            e->cfg.strategy == EXPLORE_DFS ? explore_one_run(e) : explore_walk(e, r->executions);
        r->total_steps += explore_run_steps(e);
        r->states = visited_states(e->seen);
        if (stateful_gives_way(e, info.end)) {
            if (!start_again_as_dpor(e)) {
                end_incomplete(e, "memory ran out");
                return true;
            }
            continue; /* (r is still e's result: e was filled again in place) */
        }
        if (info.end == RUN_BUDGET) {
            if (e->states_full)
                out_of_states(e);
            else
                out_of_steps(e);
            return true;
        }
        if (explore_complete_mode(e))
            dpor_analyse(e);
        if (explore_unbounded(e)) {
            estimate_run_ended(e);
            r->done = estimate_done(e);
        }
        if (e->cfg.on_end && (info.end == RUN_OK || info.end == RUN_BAD))
            e->cfg.on_end(e->m, e->cfg.on_end_ctx);
        if (info.end == RUN_CUT && e->cfg.strategy == EXPLORE_DFS) {
            r->pruned++;
            continue;
        }
        r->executions++;
        if (info.end == RUN_LIMIT)
            r->step_limit_hits++;
        if (info.end == RUN_BAD && !e->cfg.all_runs) {
            keep_if_better(e, &info);
            if (e->cfg.strategy != EXPLORE_DFS || e->cfg.minimize_budget == 0) {
                r->finished = true;
                return true;
            }
            if (!e->minimize_left)
                e->minimize_left = e->cfg.minimize_budget;
        }
        if (e->minimize_left && --e->minimize_left == 0) {
            r->finished = true;
            r->complete = false;
            snprintf(r->reason, sizeof r->reason,
                     "stopped looking for a shorter counterexample after %llu runs",
                     (unsigned long long)e->cfg.minimize_budget);
            return true;
        }
    }
    return false;
}

void explore_summary_text(const explorer *e, const sim_machine *m, jbuf *out)
{
    const explore_result *r = &e->res;
    if (r->found) {
        jb_printf(out, "violation: %s after %llu steps, schedule ", r->kind,
                  (unsigned long long)r->steps);
        sim_schedule_text(m, &r->schedule, out);
        jb_printf(out, " (%d preemption%s)", r->preemptions, r->preemptions == 1 ? "" : "s");
    } else if (r->complete && e->seen) {
        jb_printf(out, "no violation in any interleaving: %llu executions, %llu states (complete)",
                  (unsigned long long)r->executions, (unsigned long long)r->states);
    } else if (r->complete && explore_complete_mode(e)) {
        jb_printf(out, "no violation in any interleaving: %llu executions (complete)",
                  (unsigned long long)r->executions);
    } else if (r->complete && e->cfg.strategy == EXPLORE_DFS) {
        jb_printf(out, "no violation within bound %d: %llu executions, complete", r->bound,
                  (unsigned long long)r->executions);
    } else {
        jb_printf(out, "no violation found: %llu executions, incomplete (%s)",
                  (unsigned long long)r->executions, r->reason);
    }
}

const char *explore_search_name(const explorer *e)
{
    /* (after a fall back e is the DPOR explorer: its name says so) */
    return e->seen                             ? "stateful"
           : explore_complete_mode(e)          ? "dpor"
           : e->cfg.strategy == EXPLORE_DFS    ? "bounded"
           : e->cfg.strategy == EXPLORE_RANDOM ? "random"
                                               : "pct";
}

void explore_result_json(const explorer *e, const sim_machine *m, jbuf *b)
{
    const explore_result *r = &e->res;
    jb_raw(b, "{");
    jb_key(b, "found");
    jb_raw(b, r->found ? "true" : "false");
    jb_key(b, "kind");
    if (r->found)
        jb_str(b, r->kind);
    else
        jb_raw(b, "null");
    jb_key(b, "schedule");
    if (r->found) {
        jbuf t = {0};
        sim_schedule_text(m, &r->schedule, &t);
        jb_str(b, t.text);
        jb_free(&t);
    } else {
        jb_raw(b, "null");
    }
    jb_key(b, "steps");
    jb_int(b, (int64_t)r->steps);
    jb_key(b, "preemptions");
    jb_int(b, r->preemptions);
    jb_key(b, "executions");
    jb_int(b, (int64_t)r->executions);
    jb_key(b, "pruned");
    jb_int(b, (int64_t)r->pruned);
    jb_key(b, "total_steps");
    jb_int(b, (int64_t)r->total_steps);
    jb_key(b, "states");
    jb_int(b, (int64_t)r->states);
    jb_key(b, "search"); /* which search this is: a report says which proved it */
    jb_str(b, explore_search_name(e));
    jb_key(b, "fell_back"); /* the stateful search gave way to DPOR */
    jb_raw(b, r->fell_back ? "true" : "false");
    jb_key(b, "bound");
    jb_int(b, r->bound);
    jb_key(b, "complete");
    jb_raw(b, r->complete ? "true" : "false");
    /* (what a merge of split parts needs to say what one search says) */
    jb_key(b, "searched_all");
    jb_raw(b, r->searched_all ? "true" : "false");
    jb_key(b, "step_limit_hits");
    jb_int(b, (int64_t)r->step_limit_hits);
    jb_key(b, "done");
    jb_printf(b, "%.9g", r->done);
    jb_key(b, "reason");
    jb_str(b, r->reason);
    jb_key(b, "message");
    jb_str(b, r->message);
    jb_raw(b, "}");
}
