/*
 * The explorer (see explore.h).
 *
 * Depth-first search keeps a stack with one node per real choice of the
 * current run: which actors were enabled, which of them have been tried from
 * here, the sleep set, and the preemptions spent so far.  A run replays the
 * stack's choices and extends it with default choices (keep running the same
 * actor; after a spin or a yield, or when it cannot move, the lowest enabled
 * one).  Backtracking takes the deepest node that still has an untried actor
 * affordable within the preemption bound.
 *
 * Local steps (spin, yield, work) touch nothing shared, so where they happen
 * does not matter: with pruning on they are taken as soon as they come up and
 * are never a choice.
 *
 * Choices that are not steps (choice.h) branch like steps: each choice is a
 * bit, step(A) and irq(H) the bit of their actor (a handler that can be
 * raised is dormant, so it has no step at the same time) and tick the bit
 * after the last actor.  Raising an interrupt or letting a tick fall while
 * there was another choice always costs a preemption (otherwise a run could
 * let ticks fall for free, forever).  Sleep
 * sets only reason about steps: an irq or a tick wakes everybody.
 *
 * Sleep sets: after trying actor a at a node, a later sibling b's subtree need
 * not try a first again if a's next step is independent of everything done
 * since (they touch different objects): that ordering only swaps two commuting
 * steps.  Such actors "sleep" until a dependent step wakes them; a run whose
 * every enabled actor sleeps is cut short.
 */
#include "explore.h"
#include "run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A set of choices: bit i is step(i) or irq(i), TICK_BIT the tick. */
typedef uint64_t choice_set;
#define TICK_BIT SIM_MAX_ACTORS
#define BIT(i) ((choice_set)1 << (i))

typedef struct dfs_node {
    choice_set enabled; /* choices possible here */
    choice_set done;    /* choices tried or ruled out by the bound from here */
    choice_set tried;   /* choices whose subtrees were explored from here */
    choice_set sleep;   /* the sleep set on arrival */
    choice_set steps;   /* which of `enabled` are steps (the rest: irq, tick) */
    int8_t chosen;    /* the actor of the current run */
    int8_t prev;      /* who took the previous step */
    uint8_t costly;   /* switching away from prev costs a preemption */
    uint16_t preemptions; /* spent before this node */
} dfs_node;

struct explorer {
    sim_machine *m;
    explore_config cfg;
    explore_result res;
    dfs_node *stack;
    size_t len, cap;
    bool started;      /* the current bound's search has begun */
    bool bounded_out;  /* the current bound ruled out some choice */
    uint64_t minimize_left;
    uint64_t longest_run; /* for pct's change points */
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
    c->max_steps = 10000;
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
        e->cfg.max_steps = 10000;
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

/* ---- independence ------------------------------------------------------------- */

static bool touches_nothing(sim_act_kind k)
{
    return k == SIM_ACT_WORK || k == SIM_ACT_SPIN || k == SIM_ACT_YIELD || k == SIM_ACT_SLEEP ||
           k == SIM_ACT_NONE;
}

/* Two next steps commute if they touch different things, or only read. */
static bool independent(const sim_action *x, const sim_action *y)
{
    if (touches_nothing(x->kind) || touches_nothing(y->kind))
        return true;
    if (x->kind == SIM_ACT_ASSERT || y->kind == SIM_ACT_ASSERT)
        return false; /* an assertion reads any object */
    if (!x->target || !y->target)
        return x->kind != y->kind; /* cs_enter/cs_exit and print share hidden state */
    if (x->target != y->target)
        return true;
    return x->kind == SIM_ACT_LOAD && y->kind == SIM_ACT_LOAD;
}

/* Whether choice bit c is a step here (not an irq or the tick). */
static bool is_step_bit(const sim_machine *m, int c)
{
    return c < TICK_BIT && sim_actor_state_of(m, c) != SIM_STATE_DORMANT;
}

/* After choice `c`: the sleepers whose next step does not commute with it
 * wake up.  An irq or a tick wakes everybody, and only steps sleep. */
static choice_set wake_dependent(const sim_machine *m, choice_set sleep, int c)
{
    if (!is_step_bit(m, c))
        return 0;
    const sim_action *a = sim_pending(m, c);
    for (choice_set left = sleep; left; left &= left - 1) {
        int t = __builtin_ctzll(left);
        if (!is_step_bit(m, t) || !independent(sim_pending(m, t), a))
            sleep &= ~BIT(t);
    }
    return sleep;
}

static int lowest(choice_set set) { return __builtin_ctzll(set); }

/* Take choice bit c. */
static void explore_take(sim_machine *m, int c)
{
    if (c == TICK_BIT)
        sim_take(m, sim_tick_choice());
    else if (!is_step_bit(m, c))
        sim_take(m, sim_irq_choice(c));
    else
        sim_step(m, c);
}

/* An actor among `candidates` whose next step is local (spin, yield, work), or -1. */
static int explore_local_step(const sim_machine *m, uint32_t candidates)
{
    for (uint32_t left = candidates; left; left &= left - 1) {
        sim_act_kind k = sim_pending(m, __builtin_ctz(left))->kind;
        if (k == SIM_ACT_SPIN || k == SIM_ACT_YIELD || k == SIM_ACT_WORK)
            return __builtin_ctz(left);
    }
    return -1;
}

/* ---- one run ------------------------------------------------------------------- */

typedef enum run_end { RUN_OK, RUN_BAD, RUN_LIMIT, RUN_CUT } run_end;

typedef struct run_info {
    run_end end;
    int preemptions;
} run_info;

static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static bool push(explorer *e, dfs_node n)
{
    if (e->len == e->cap) {
        size_t cap = e->cap ? e->cap * 2 : 256;
        dfs_node *s = realloc(e->stack, cap * sizeof *s);
        if (!s)
            return false;
        e->stack = s;
        e->cap = cap;
    }
    e->stack[e->len++] = n;
    return true;
}

static run_info explore_one_run(explorer *e, uint64_t execution)
{
    sim_machine *m = e->m;
    run_info info = {RUN_OK, 0};
    sim_reset(m);
    size_t depth = 0;
    int prev = -1;
    sim_act_kind prev_kind = SIM_ACT_NONE;
    choice_set sleep = 0;
    uint64_t rng = e->cfg.seed * 0x2545F4914F6CDD1Dull + execution;
    /* pct: priorities (higher runs first) and change points */
    int prio[SIM_MAX_ACTORS];
    uint64_t change[16];
    int n_change = 0;
    if (e->cfg.strategy == EXPLORE_PCT) {
        int n = sim_actor_count(m), d = e->cfg.pct_depth;
        for (int i = 0; i < n; i++)
            prio[i] = d + i;
        for (int i = n - 1; i > 0; i--) { /* shuffle */
            int j = (int)(splitmix(&rng) % (uint64_t)(i + 1));
            int t = prio[i];
            prio[i] = prio[j];
            prio[j] = t;
        }
        uint64_t k = e->longest_run ? e->longest_run : 64;
        for (int i = 0; i < d - 1 && i < 16; i++)
            change[n_change++] = 1 + splitmix(&rng) % k;
    }

    while (sim_outcome_of(m) == SIM_RUNNING) {
        if (sim_steps(m) >= e->cfg.max_steps) {
            info.end = RUN_LIMIT;
            break;
        }
        sim_choice ch[SIM_MAX_CHOICES];
        int n = sim_choices(m, ch);
        choice_set E = 0, steps = 0;
        for (int i = 0; i < n; i++) {
            int c = ch[i].kind == SIM_CHOICE_TICK ? TICK_BIT : ch[i].actor;
            E |= BIT(c);
            if (ch[i].kind == SIM_CHOICE_STEP)
                steps |= BIT(c);
        }
        if (n == 0) /* nothing possible and still running: the machine settles it */
            break;
        bool costly = prev >= 0 && (E >> prev & 1) && prev_kind != SIM_ACT_SPIN &&
                      prev_kind != SIM_ACT_YIELD;
        int a;
        if (e->cfg.strategy == EXPLORE_DFS) {
            choice_set avail = E & ~sleep;
            if (!avail) {
                info.end = RUN_CUT; /* everything left was explored elsewhere */
                break;
            }
            int local = e->cfg.prune ? explore_local_step(m, (uint32_t)(avail & steps)) : -1;
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
                sleep = nd->sleep | (nd->tried & ~BIT(a));
            } else {
                if (costly && (avail >> prev & 1))
                    a = prev;
                else /* a step first: interrupts and ticks are the detours */
                    a = lowest(avail & steps ? avail & steps : avail);
                bool detour = !(steps >> a & 1);
                if (((costly && a != prev) || detour) && info.preemptions + 1 > e->res.bound) {
                    e->bounded_out = true;
                    info.end = RUN_CUT;
                    break;
                }
                dfs_node nd = {.enabled = E, .done = BIT(a), .tried = BIT(a), .sleep = sleep,
                               .steps = steps,
                               .chosen = (int8_t)a, .prev = (int8_t)prev, .costly = costly,
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
            const sim_choice *c = &ch[splitmix(&rng) % (uint64_t)n];
            a = c->kind == SIM_CHOICE_TICK ? TICK_BIT : c->actor;
        } else if (!steps) {
            a = lowest(E);
        } else {
            a = lowest(steps);
            for (choice_set left = steps; left; left &= left - 1)
                if (prio[lowest(left)] > prio[a])
                    a = lowest(left);
        }
        bool step = is_step_bit(m, a);
        if ((costly && a != prev) || (!step && n > 1))
            info.preemptions++;
        sleep = wake_dependent(m, sleep & ~BIT(a), a);
        prev_kind = step ? sim_pending(m, a)->kind : SIM_ACT_NONE;
        explore_take(m, a);
        if (step) /* after an irq or a tick, the interrupted actor is still `prev` */
            prev = a;
        if (e->cfg.strategy == EXPLORE_PCT)
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
        choice_set cand = nd->enabled & ~nd->done & ~(e->cfg.prune ? nd->sleep : 0);
        while (cand) {
            int c = lowest(cand);
            cand &= ~BIT(c);
            nd->done |= BIT(c);
            bool detour = !(nd->steps >> c & 1);
            int cost = nd->preemptions + ((nd->costly && c != nd->prev) || detour ? 1 : 0);
            if (cost <= e->res.bound) {
                nd->chosen = (int8_t)c;
                nd->tried |= BIT(c);
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
            if (sim_is_finished(m, i))
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
                r->complete = false;
                snprintf(r->reason, sizeof r->reason, "stopped at the limit of %llu executions",
                         (unsigned long long)e->cfg.max_executions);
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
                if (!r->complete)
                    snprintf(r->reason, sizeof r->reason,
                             "%llu runs reached the step limit of %llu steps (a loop that never "
                             "ends?)",
                             (unsigned long long)r->step_limit_hits,
                             (unsigned long long)e->cfg.max_steps);
                else if (!e->bounded_out) {
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
        if (info.end == RUN_CUT && e->cfg.strategy == EXPLORE_DFS) {
            r->pruned++;
            continue;
        }
        r->executions++;
        if (info.end == RUN_LIMIT)
            r->step_limit_hits++;
        if (info.end == RUN_BAD) {
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
