/*
 * The explorer (see explore.h).
 *
 * Depth-first search keeps a stack with one node per real choice of the
 * current run: which choices were possible (steps, irqs, the tick; see
 * choice.h), which of them have been tried from here, the sleep set, and the
 * preemptions spent so far.  A run replays the stack's choices and extends it
 * with default choices (keep running the same actor; after a spin or a yield,
 * or when it cannot move, the lowest possible step, else the first other
 * choice).  Backtracking takes the deepest node that still has an untried
 * choice affordable within the preemption bound.  Taking an irq or a tick
 * where the previous actor could have continued costs a preemption too.
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
 *
 * Choices are numbered for the bit sets: step(A) is A's index (0..31),
 * irq(H) is 32 + H's index (0..30), the tick is 63.
 */
#include "explore.h"
#include "rng.h"
#include "run.h"
#include "sched/model.h"
#include "vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t cset; /* a set of choices, by number (see above) */

typedef struct dfs_node {
    cset enabled;         /* choices possible here */
    cset done;            /* choices tried or ruled out by the bound from here */
    cset tried;           /* choices whose subtrees were explored from here */
    cset sleep;           /* the sleep set on arrival */
    int8_t chosen;        /* the choice of the current run */
    int8_t prev;          /* who took the previous step */
    uint8_t costly;       /* switching away from prev costs a preemption */
    uint16_t preemptions; /* spent before this node */
} dfs_node;

struct explorer {
    sim_machine *m;
    explore_config cfg;
    explore_result res;
    dfs_node *stack;
    size_t len, cap;
    bool started;     /* the current bound's search has begun */
    bool bounded_out; /* the current bound ruled out some choice */
    uint64_t minimize_left;
    uint64_t longest_run; /* for pct's change points */
    uint64_t ticks;       /* steps since the search began, for the progress callback */
};

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
        e->cfg.bound = 0;
    if (e->cfg.pct_depth < 1)
        e->cfg.pct_depth = 1;
    if (e->cfg.max_steps == 0)
        e->cfg.max_steps = EXPLORE_MAX_STEPS;
    if (e->cfg.max_total_steps == 0)
        e->cfg.max_total_steps = EXPLORE_MAX_TOTAL_STEPS;
    sim_schedule_init(&e->res.schedule);
    e->res.bound = e->cfg.strategy == EXPLORE_DFS ? 0 : -1;
    return e;
}

void explore_free(explorer *e)
{
    if (!e)
        return;
    sim_schedule_free(&e->res.schedule);
    free(e->stack);
    free(e);
}

const explore_result *explore_result_of(const explorer *e) { return &e->res; }

/* ---- choices as numbers, independence ------------------------------------------ */

#define TICK_BIT 63
#define DROP_BIT 48             /* drop(T) for T in 0..14; irq(H) is 32 + H for H in 0..15 */
#define STEP_BITS 0xFFFFFFFFull /* step(A) for A in 0..31 */

static int choice_bit(sim_choice c)
{
    switch (c.kind) {
    case SIM_CHOICE_STEP: return c.actor;
    case SIM_CHOICE_IRQ: return c.actor < 16 ? 32 + c.actor : -1;
    case SIM_CHOICE_DROP: return c.actor < 15 ? DROP_BIT + c.actor : -1;
    case SIM_CHOICE_TICK: return TICK_BIT;
    default: return -1; /* no model offers read_from yet */
    }
}

static sim_choice bit_choice(int bit)
{
    if (bit < 32)
        return sim_step_choice(bit);
    if (bit == TICK_BIT)
        return sim_tick_choice();
    if (bit >= DROP_BIT)
        return (sim_choice){SIM_CHOICE_DROP, (int16_t)(bit - DROP_BIT), 0};
    return sim_irq_choice(bit - 32);
}

static cset possible_choices(const sim_machine *m, int *n)
{
    int en[SIM_MAX_ACTORS];
    int ns = sim_enabled(m, en);
    cset set = 0;
    for (int k = 0; k < ns; k++)
        set |= 1ull << en[k];
    sim_choice c[SIM_MAX_CHOICES];
    int nx = sim_extra_choices(m, c);
    for (int k = 0; k < nx; k++) {
        int b = choice_bit(c[k]);
        if (b >= 0)
            set |= 1ull << b;
    }
    *n = ns + nx;
    return set;
}

/* The sleepers that `taken` does not commute with wake up.  Two steps are
 * judged by their actions in every model (inline: this runs at every step);
 * anything else asks the model. */
static cset wake_dependent(const sim_machine *m, cset sleep, int taken)
{
    const sim_action *ta = taken < 32 ? sim_pending(m, taken) : NULL;
    for (cset left = sleep; left; left &= left - 1) {
        int b = __builtin_ctzll(left);
        bool dep = ta && b < 32 ? sim_actions_dependent(sim_pending(m, b), ta)
                                : sim_dependent(m, bit_choice(b), bit_choice(taken));
        if (dep)
            sleep &= ~(1ull << b);
    }
    return sleep;
}

static int lowest(cset set) { return __builtin_ctzll(set); }

/* A step among `candidates` that is local (spin, yield, work), or -1. */
static int explore_local_step(const sim_machine *m, cset candidates)
{
    for (cset left = candidates & STEP_BITS; left; left &= left - 1) {
        sim_act_kind k = sim_pending(m, __builtin_ctzll(left))->kind;
        if (k == SIM_ACT_SPIN || k == SIM_ACT_YIELD || k == SIM_ACT_WORK)
            return __builtin_ctzll(left);
    }
    return -1;
}

/* ---- one run ------------------------------------------------------------------- */

typedef enum run_end { RUN_OK, RUN_BAD, RUN_LIMIT, RUN_CUT, RUN_BUDGET } run_end;

typedef struct run_info {
    run_end end;
    int preemptions;
} run_info;

static bool push(explorer *e, dfs_node n)
{
    dfs_node *s = sim_vec_grow(e->stack, &e->cap, e->len + 1, sizeof *s, 256);
    if (!s)
        return false;
    e->stack = s;
    e->stack[e->len++] = n;
    return true;
}

static run_info explore_one_run(explorer *e, uint64_t execution)
{
    sim_machine *m = e->m;
    run_info info = {RUN_OK, 0};
    sim_reset(m);
    size_t depth = 0;
    int prev = -1; /* the actor that stepped last */
    sim_act_kind prev_kind = SIM_ACT_NONE;
    cset sleep = 0;
    uint64_t rng = e->cfg.seed * 0x2545F4914F6CDD1Dull + execution;
    /* pct: priorities (higher runs first) and change points */
    int prio[64]; /* by choice number */
    uint64_t change[16];
    int n_change = 0;
    if (e->cfg.strategy == EXPLORE_PCT) {
        int n = sim_actor_count(m), d = e->cfg.pct_depth;
        for (int i = 0; i < n; i++)
            prio[i] = d + i;
        for (int i = n - 1; i > 0; i--) { /* shuffle */
            int j = (int)(sim_splitmix64(&rng) % (uint64_t)(i + 1));
            int t = prio[i];
            prio[i] = prio[j];
            prio[j] = t;
        }
        for (int i = 32; i < 64; i++) /* an irq as its handler; the tick below all */
            prio[i] = i - 32 < n ? prio[i - 32] : 0;
        prio[TICK_BIT] = d - 1;
        uint64_t k = e->longest_run ? e->longest_run : 64;
        for (int i = 0; i < d - 1 && i < 16; i++)
            change[n_change++] = 1 + sim_splitmix64(&rng) % k;
    }

    while (sim_outcome_of(m) == SIM_RUNNING) {
        if (sim_steps(m) >= e->cfg.max_steps) {
            info.end = RUN_LIMIT;
            break;
        }
        if (e->res.total_steps + sim_steps(m) >= e->cfg.max_total_steps) {
            info.end = RUN_BUDGET;
            break;
        }
        if (e->cfg.progress && (++e->ticks & (EXPLORE_PROGRESS_STEPS - 1)) == 0)
            e->cfg.progress(&e->res, e->cfg.progress_ctx);
        int n;
        cset E = possible_choices(m, &n);
        bool costly =
            prev >= 0 && (E >> prev & 1) && prev_kind != SIM_ACT_SPIN && prev_kind != SIM_ACT_YIELD;
        int a;
        if (e->cfg.strategy == EXPLORE_DFS) {
            cset avail = E & ~sleep;
            if (!avail) {
                info.end = RUN_CUT; /* everything left was explored elsewhere */
                break;
            }
            /* (Not when a tick is possible: a tick moves time, and whether
             * it comes before or after the step can decide a timeout.) */
            int local = e->cfg.prune && !(E >> TICK_BIT & 1) ? explore_local_step(m, avail) : -1;
            if (local >= 0 && n > 1) {
                /* A step that touches nothing shared commutes with every
                 * other: taking it now stands for every place it could go.
                 * It is nobody's turn, so it costs no preemption and leaves
                 * `prev` alone. */
                sim_step(m, local);
                continue;
            }
            if (n == 1) {
                a = lowest(E);
            } else if (depth < e->len) {
                dfs_node *nd = &e->stack[depth++];
                a = nd->chosen;
                sleep = nd->sleep | (nd->tried & ~(1ull << a));
            } else {
                if (costly && (avail >> prev & 1))
                    a = prev;
                else
                    a = lowest(avail);
                if (costly && a != prev && info.preemptions + 1 > e->res.bound) {
                    e->bounded_out = true;
                    info.end = RUN_CUT;
                    break;
                }
                dfs_node nd = {.enabled = E,
                               .done = 1ull << a,
                               .tried = 1ull << a,
                               .sleep = sleep,
                               .chosen = (int8_t)a,
                               .prev = (int8_t)prev,
                               .costly = costly,
                               .preemptions = (uint16_t)info.preemptions};
                if (!push(e, nd)) {
                    info.end = RUN_CUT;
                    break;
                }
                depth++;
            }
            if (!e->cfg.prune)
                sleep = 0;
        } else if (n == 1) {
            a = lowest(E);
        } else if (e->cfg.strategy == EXPLORE_RANDOM) {
            uint64_t k = sim_splitmix64(&rng) % (uint64_t)__builtin_popcountll(E);
            cset left = E;
            while (k--)
                left &= left - 1;
            a = lowest(left);
        } else {
            a = lowest(E);
            for (cset left = E; left; left &= left - 1)
                if (prio[lowest(left)] > prio[a])
                    a = lowest(left);
        }
        if (costly && a != prev)
            info.preemptions++;
        sleep = wake_dependent(m, sleep & ~(1ull << a), a);
        if (a < 32) {
            prev_kind = sim_pending(m, a)->kind;
            sim_step(m, a);
            prev = a;
        } else {
            sim_take(m, bit_choice(a)); /* an irq or the tick: nobody's turn */
        }
        if (e->cfg.strategy == EXPLORE_PCT && a < 32)
            for (int i = 0; i < n_change; i++)
                if (change[i] == sim_steps(m))
                    prio[a] = i; /* below every initial priority */
    }
    if (sim_steps(m) > e->longest_run)
        e->longest_run = sim_steps(m);
    sim_outcome o = sim_outcome_of(m);
    if (info.end == RUN_OK && (o == SIM_STUCK || o == SIM_VIOLATION || o == SIM_ERROR))
        info.end = RUN_BAD;
    return info;
}

/* The deepest node with an untried actor affordable within the bound. */
static bool backtrack(explorer *e)
{
    while (e->len > 0) {
        dfs_node *nd = &e->stack[e->len - 1];
        cset cand = nd->enabled & ~nd->done & ~(e->cfg.prune ? nd->sleep : 0);
        while (cand) {
            int c = lowest(cand);
            cand &= ~(1ull << c);
            nd->done |= 1ull << c;
            int cost = nd->preemptions + (nd->costly && c != nd->prev ? 1 : 0);
            if (cost <= e->res.bound) {
                nd->chosen = (int8_t)c;
                nd->tried |= 1ull << c;
                return true;
            }
            e->bounded_out = true;
        }
        if (e->cfg.prune)
            e->res.pruned += (uint64_t)__builtin_popcountll(nd->enabled & nd->sleep & ~nd->done);
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

static void keep_if_better(explorer *e, const run_info *info)
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

/* 10000 -> "10,000" */
static void group_digits(uint64_t v, char out[32])
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
        group_digits(e->cfg.max_steps, limit);
        snprintf(r->reason, sizeof r->reason,
                 "every run reached the %s-step limit: the program may not terminate; see "
                 "--max-steps",
                 limit);
    } else {
        snprintf(r->reason, sizeof r->reason, "%s", reason);
    }
}

static void out_of_steps(explorer *e)
{
    char total[32], reason[160];
    group_digits(e->cfg.max_total_steps, total);
    snprintf(reason, sizeof reason, "%s at the limit of %s steps in all",
             e->res.found ? "stopped looking for a shorter counterexample" : "stopped", total);
    end_incomplete(e, reason);
}

bool explore_run(explorer *e, uint64_t budget)
{
    explore_result *r = &e->res;
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
            if (r->found || e->minimize_left) {
                r->finished = true;
                r->complete = true;
                return true;
            }
            if (!e->bounded_out || r->bound >= e->cfg.bound) {
                r->finished = true;
                r->complete = r->step_limit_hits == 0;
                if (!r->complete) {
                    char reason[160];
                    snprintf(reason, sizeof reason,
                             "%llu runs reached the step limit of %llu steps (a loop that never "
                             "ends?)",
                             (unsigned long long)r->step_limit_hits,
                             (unsigned long long)e->cfg.max_steps);
                    end_incomplete(e, reason);
                } else if (!e->bounded_out) {
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
        e->started = true;
        run_info info = explore_one_run(e, r->executions);
        r->total_steps += sim_steps(e->m);
        if (info.end == RUN_BUDGET) {
            out_of_steps(e);
            return true;
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
    } else if (r->complete && e->cfg.strategy == EXPLORE_DFS) {
        jb_printf(out, "no violation within bound %d: %llu executions, complete", r->bound,
                  (unsigned long long)r->executions);
    } else {
        jb_printf(out, "no violation found: %llu executions, incomplete (%s)",
                  (unsigned long long)r->executions, r->reason);
    }
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
    jb_key(b, "bound");
    jb_int(b, r->bound);
    jb_key(b, "complete");
    jb_raw(b, r->complete ? "true" : "false");
    jb_key(b, "reason");
    jb_str(b, r->reason);
    jb_key(b, "message");
    jb_str(b, r->message);
    jb_raw(b, "}");
}
