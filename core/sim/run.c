/*
 * Policies, schedule replay and the schedule of a run (see run.h).
 */
#include "run.h"

#include "escape.h"

#include <stdio.h>
#include <string.h>

int sim_policy_from_name(const char *name)
{
    if (strcmp(name, "manual") == 0)
        return SIM_POLICY_MANUAL;
    if (strcmp(name, "round-robin") == 0)
        return SIM_POLICY_ROUND_ROBIN;
    if (strcmp(name, "random") == 0)
        return SIM_POLICY_RANDOM;
    return -1;
}

typedef struct replay {
    const sim_schedule *s;
    size_t next;
    char problem[256];
} replay;

static uint32_t replay_random(sim_machine *m, uint32_t bound, bool *ok, void *ctx)
{
    replay *r = ctx;
    *ok = false;
    if (!r->s || r->next >= r->s->n)
        return 0; /* the schedule is used up: draw from the seed */
    const sim_sched_entry *e = &r->s->entries[r->next];
    if (!e->is_random) {
        snprintf(r->problem, sizeof r->problem,
                 "schedule diverged at step %llu: expected a choice of actor, the run drew a "
                 "random value",
                 (unsigned long long)sim_steps(m));
        return 0;
    }
    if (e->value >= bound) {
        snprintf(r->problem, sizeof r->problem,
                 "schedule diverged at step %llu: random value %u is out of range (below %u)",
                 (unsigned long long)sim_steps(m), e->value, bound);
        return 0;
    }
    r->next++;
    *ok = true;
    return e->value;
}

/* Check a schedule entry against what the actor is about to do. */
static bool fingerprint_matches(const sim_machine *m, const sim_sched_entry *e, int actor,
                                char *why, size_t size)
{
    const sim_action *p = sim_pending(m, actor);
    int elem = 0, region = p->target ? sim_region_of(m, p->target, &elem) : -1;
    char got[64];
    sim_object_name(m, p->target, got, sizeof got);
    bool same_object = e->region >= 0 || e->object_name[0] == 0
                           ? e->region == region || (e->region < 0 && region < 0)
                           : strcmp(e->object_name, got) == 0;
    if (e->kind == p->kind && same_object)
        return true;
    char want[64];
    if (e->object_name[0])
        snprintf(want, sizeof want, "%s", e->object_name);
    else if (e->region >= 0)
        snprintf(want, sizeof want, "%s", sim_region_name(m, e->region));
    else
        snprintf(want, sizeof want, "-");
    snprintf(why, size, "expected %s %s on %s, got %s %s on %s", sim_actor_name(m, actor),
             sim_act_name((sim_act_kind)e->kind), want, sim_actor_name(m, actor),
             sim_act_name(p->kind), got);
    return false;
}

static int resolve_actor(const sim_machine *m, const sim_sched_entry *e, char *why, size_t size)
{
    int idx = e->actor >= 0 ? e->actor : sim_actor_by_name(m, e->actor_name);
    if (idx < 0 || idx >= sim_actor_count(m)) {
        if (e->actor >= 0)
            snprintf(why, size, "the schedule names actor number %d; the scenario has %d",
                     e->actor + 1, sim_actor_count(m));
        else
            snprintf(why, size, "the schedule names actor '%s', which the scenario does not have",
                     e->actor_name);
        return -1;
    }
    return idx;
}

static uint64_t next_random(uint64_t *state)
{
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* One run in progress: how it picks, where it is in the schedule, how it ends. */
typedef struct run_state {
    sim_policy policy;
    const sim_schedule *prefix;
    replay r;
    uint64_t rng;
    uint64_t max_steps;
    sim_run_result *res;
    int rc;
} run_state;

/* Ends the run with an error message (already in res->message) at step `at`. */
static void run_fail(sim_machine *m, run_state *st, uint64_t at)
{
    char raw[sizeof st->res->message]; /* it may quote the schedule's names */
    snprintf(raw, sizeof raw, "%s", st->res->message);
    text_escape(st->res->message, sizeof st->res->message, raw);
    st->res->diverged_at = at;
    sim_end_error(m, st->res->message);
    st->rc = -1;
}

/* The actor the schedule names for the next step, or -1 (the run failed);
 * `first` is the first of the actors that could move. */
static int pick_scheduled(sim_machine *m, run_state *st, int first)
{
    sim_run_result *res = st->res;
    const sim_sched_entry *e = &st->prefix->entries[st->r.next];
    char why[300];
    if (e->is_random) {
        snprintf(res->message, sizeof res->message,
                 "schedule diverged at step %llu: expected a random value, but actors "
                 "%s and others could move",
                 (unsigned long long)sim_steps(m) + 1, sim_actor_name(m, first));
        run_fail(m, st, sim_steps(m) + 1);
        return -1;
    }
    int pick = resolve_actor(m, e, why, sizeof why);
    if (pick >= 0 && !sim_is_enabled(m, pick)) {
        char reason[240];
        sim_block_reason(m, pick, reason, sizeof reason);
        snprintf(why, sizeof why, "%s cannot move (%s)", sim_actor_name(m, pick), reason);
        pick = -1;
    } else if (pick >= 0 && e->has_fp && !fingerprint_matches(m, e, pick, why, sizeof why)) {
        pick = -1;
    }
    if (pick < 0) {
        snprintf(res->message, sizeof res->message, "schedule diverged at step %llu: %s",
                 (unsigned long long)sim_steps(m) + 1, why);
        run_fail(m, st, sim_steps(m) + 1);
        return -1;
    }
    st->r.next++;
    return pick;
}

/*
 * Who moves next: the only actor that can, the schedule's choice, or the
 * policy's; -1 when the run stops here (res->end or st->rc say why).
 */
static int choose_next(sim_machine *m, run_state *st)
{
    sim_run_result *res = st->res;
    if (st->r.problem[0]) {
        snprintf(res->message, sizeof res->message, "%s", st->r.problem);
        run_fail(m, st, sim_steps(m));
        return -1;
    }
    if (sim_steps(m) >= st->max_steps) {
        res->end = SIM_RUN_LIMIT;
        return -1;
    }
    int enabled[SIM_MAX_ACTORS];
    int n = sim_enabled(m, enabled);
    if (n == 1)
        return enabled[0];
    if (st->prefix && st->r.next < st->prefix->n)
        return pick_scheduled(m, st, enabled[0]);
    switch (st->policy) {
    case SIM_POLICY_MANUAL:
        res->end = SIM_RUN_WAITING;
        return -1;
    case SIM_POLICY_RANDOM:
        return enabled[next_random(&st->rng) % (uint64_t)n];
    default: {
        /* round-robin: the next enabled actor after the one that moved last */
        uint64_t step = sim_steps(m);
        int last = step ? sim_history(m)[step - 1].actor : -1;
        for (int k = 0; k < n; k++)
            if (enabled[k] > last)
                return enabled[k];
        return enabled[0];
    }
    }
}

int sim_run(sim_machine *m, sim_policy policy, const sim_schedule *prefix, uint64_t seed,
            uint64_t max_steps, sim_run_result *res)
{
    run_state st = {.policy = policy, .prefix = prefix, .r = {prefix, 0, {0}}, .rng = seed,
                    .max_steps = max_steps, .res = res, .rc = 0};
    memset(res, 0, sizeof *res);
    sim_set_random_source(m, replay_random, &st.r);
    if (prefix && sim_steps(m) == 0) {
        /* Values drawn while the world is built (before step 1) must come
         * from the schedule too: build it again with the source in place. */
        bool has_random = false;
        for (size_t i = 0; i < prefix->n && !has_random; i++)
            has_random = prefix->entries[i].is_random;
        if (has_random)
            sim_reset(m);
    }
    res->end = SIM_RUN_FINISHED;
    while (sim_outcome_of(m) == SIM_RUNNING) {
        int pick = choose_next(m, &st);
        if (pick < 0)
            break;
        sim_step(m, pick);
    }
    if (st.r.problem[0] && st.rc == 0) {
        snprintf(res->message, sizeof res->message, "%s", st.r.problem);
        sim_end_error(m, res->message);
        st.rc = -1;
    }
    res->choices_used = st.r.next;
    if (st.rc == 0 && prefix && st.r.next < prefix->n && res->end == SIM_RUN_FINISHED) {
        size_t left = prefix->n - st.r.next;
        snprintf(res->message, sizeof res->message,
                 "the run ended (%s) at step %llu; the schedule has %zu %s more than the run used",
                 sim_outcome_name(sim_outcome_of(m)), (unsigned long long)sim_steps(m), left,
                 left == 1 ? "entry" : "entries");
    }
    sim_set_random_source(m, NULL, NULL);
    return st.rc;
}

int sim_schedule_of(const sim_machine *m, sim_schedule *out)
{
    sim_schedule_init(out);
    const sim_step_record *h = sim_history(m);
    size_t nr = sim_random_count(m), ri = 0;
    uint64_t steps = sim_steps(m);
    /* at most one entry per step and per random value: one allocation */
    uint64_t most = steps + nr;
    if (sim_schedule_reserve(out, most < SIM_SCHEDULE_MAX_ENTRIES ? (size_t)most
                                                                  : SIM_SCHEDULE_MAX_ENTRIES) != 0)
        return -1;
    for (uint64_t k = 0; k <= steps; k++) {
        if (k > 0 && h[k - 1].choice) {
            sim_sched_entry e = {.actor = h[k - 1].actor, .has_fp = 1, .kind = h[k - 1].kind,
                                 .region = h[k - 1].region};
            if (sim_schedule_push(out, &e) != 0)
                return -1;
        }
        while (ri < nr) {
            uint32_t value;
            uint64_t at;
            sim_random_at(m, ri, &value, &at);
            if (at != k)
                break;
            sim_sched_entry e = {.is_random = 1, .actor = -1, .region = -1, .value = value};
            if (sim_schedule_push(out, &e) != 0)
                return -1;
            ri++;
        }
    }
    return 0;
}

void sim_schedule_text(const sim_machine *m, const sim_schedule *s, jbuf *out)
{
    jb_raw(out, "v1");
    if (s->has_seed)
        jb_printf(out, " seed=%llu", (unsigned long long)s->seed);
    jb_raw(out, ":");
    for (size_t i = 0; i < s->n; i++) {
        const sim_sched_entry *e = &s->entries[i];
        if (e->is_random) {
            jb_printf(out, " [r:%u]", e->value);
            continue;
        }
        /* names without printf: a long run's schedule has one per step */
        jb_raw(out, " ");
        jb_raw(out, e->actor >= 0 ? sim_actor_name(m, e->actor) : e->actor_name);
    }
}
