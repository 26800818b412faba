/*
 * Policies, schedule replay and the schedule of a run (see run.h).
 */
#include "run.h"
#include "rng.h"
#include "schedule_internal.h"

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
    if (strcmp(name, "priority") == 0)
        return SIM_POLICY_PRIORITY;
    if (strcmp(name, "pct") == 0)
        return SIM_POLICY_PCT;
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

/* PCT's depth: d - 1 priority change points per run. */
#define PCT_DEPTH 3

/* One run in progress: how it picks, where it is in the schedule, how it ends. */
typedef struct run_state {
    sim_policy policy;
    const sim_schedule *prefix;
    replay r;
    uint64_t rng;
    uint64_t max_steps;
    sim_run_result *res;
    int rc;
    /* pct: a priority per actor (and one for the tick, last), change points */
    int prio[SIM_MAX_ACTORS + 1];
    uint64_t change[PCT_DEPTH - 1];
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

/* "A", "irq B" or "tick": a choice in words, for messages. */
static void choice_words(const sim_machine *m, sim_choice c, char *buf, size_t size)
{
    if (c.kind == SIM_CHOICE_STEP)
        snprintf(buf, size, "%s", sim_actor_name(m, c.actor));
    else if (!sim_choice_kind_of(c.kind)->has_actor)
        snprintf(buf, size, "%s", sim_choice_kind_name(c.kind));
    else if (sim_choice_kind_of(c.kind)->has_arg)
        snprintf(buf, size, "%s %s:%d", sim_choice_kind_name(c.kind), sim_actor_name(m, c.actor),
                 c.arg);
    else
        snprintf(buf, size, "%s %s", sim_choice_kind_name(c.kind), sim_actor_name(m, c.actor));
}

/* A schedule entry that is not a step (irq, tick, drop): the choice, or -1. */
static int scheduled_other(sim_machine *m, const sim_sched_entry *e, sim_choice *out, char *why,
                           size_t size)
{
    sim_choice c = {e->what, -1, e->arg};
    if (sim_choice_kind_of(e->what)->has_actor) {
        c.actor = (int16_t)resolve_actor(m, e, why, size);
        if (c.actor < 0)
            return -1;
    }
    if (!sim_choice_possible(m, c)) {
        char words[64];
        choice_words(m, c, words, sizeof words);
        if (c.kind == SIM_CHOICE_FLUSH && strcmp(sim_memory_name(m), "sc") == 0)
            snprintf(why, size, "%s is not possible: under sc no store waits in a buffer", words);
        else if (c.kind == SIM_CHOICE_FLUSH)
            snprintf(why, size, "%s is not possible now: %s's store buffer is empty", words,
                     sim_actor_name(m, c.actor));
        else if (c.kind == SIM_CHOICE_READ_FROM && strcmp(sim_memory_name(m), "ra") != 0)
            snprintf(why, size, "%s is not possible: under %s a load reads the newest store", words,
                     sim_memory_name(m));
        else if (c.kind == SIM_CHOICE_PLACE && strcmp(sim_memory_name(m), "ra") != 0)
            snprintf(why, size, "%s is not possible: under %s a store goes after every other",
                     words, sim_memory_name(m));
        else if (c.kind == SIM_CHOICE_PLACE)
            snprintf(why, size,
                     "%s is not possible now: %s's next step is not a store that may take place "
                     "%d of its cell (after the newest store in its view, before the end, not "
                     "between a store and the read-modify-write that read it)",
                     words, sim_actor_name(m, c.actor), c.arg);
        else if (c.kind == SIM_CHOICE_READ_FROM)
            snprintf(why, size,
                     "%s is not possible now: %s's next step is not a load that may read store "
                     "%d of its cell (not older than its view, not the newest)",
                     words, sim_actor_name(m, c.actor), c.arg);
        else
            snprintf(why, size, "%s is not possible now", words);
        return -1;
    }
    *out = c;
    return 0;
}

/* The choice the schedule names next, or -1 (the run failed); `first` is
 * the first of the choices possible now. */
static int pick_scheduled(sim_machine *m, run_state *st, sim_choice first, sim_choice *out)
{
    sim_run_result *res = st->res;
    const sim_sched_entry *e = &st->prefix->entries[st->r.next];
    char why[300];
    if (e->is_random) {
        char words[64];
        choice_words(m, first, words, sizeof words);
        snprintf(res->message, sizeof res->message,
                 "schedule diverged at step %llu: expected a random value, but actors "
                 "%s and others could move",
                 (unsigned long long)sim_steps(m) + 1, words);
        run_fail(m, st, sim_steps(m) + 1);
        return -1;
    }
    if (e->what != SIM_CHOICE_STEP) {
        if (scheduled_other(m, e, out, why, sizeof why) != 0) {
            snprintf(res->message, sizeof res->message, "schedule diverged at step %llu: %s",
                     (unsigned long long)sim_steps(m) + 1, why);
            run_fail(m, st, sim_steps(m) + 1);
            return -1;
        }
        st->r.next++;
        return 0;
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
    *out = sim_step_choice(pick);
    return 0;
}

/* Round-robin's order of choices: steps by actor, then irqs, then the rest. */
static int choice_key(sim_choice c)
{
    switch (c.kind) {
    case SIM_CHOICE_STEP: return c.actor;
    case SIM_CHOICE_IRQ: return SIM_MAX_ACTORS + c.actor;
    default: return 2 * SIM_MAX_ACTORS + c.kind;
    }
}

/* The priority a policy gives a choice: an actor's for steps and irqs (pct:
 * the run's random one), the tick's own under pct, lowest otherwise. */
static int choice_prio(const sim_machine *m, const run_state *st, sim_choice c)
{
    bool pct = st->policy == SIM_POLICY_PCT;
    if (c.kind == SIM_CHOICE_STEP || c.kind == SIM_CHOICE_IRQ)
        return pct ? st->prio[c.actor] : sim_priority(m, c.actor);
    return pct ? st->prio[SIM_MAX_ACTORS] : INT32_MIN;
}

static void pct_start(sim_machine *m, run_state *st)
{
    int n = sim_actor_count(m);
    for (int i = 0; i <= n; i++)
        st->prio[i == n ? SIM_MAX_ACTORS : i] = PCT_DEPTH + i;
    for (int i = n; i > 0; i--) { /* shuffle the actors' and the tick's */
        int j = (int)(sim_splitmix64(&st->rng) % (uint64_t)(i + 1));
        int *a = &st->prio[i == n ? SIM_MAX_ACTORS : i],
            *b = &st->prio[j == n ? SIM_MAX_ACTORS : j];
        int t = *a;
        *a = *b;
        *b = t;
    }
    uint64_t k = st->max_steps < 1000 ? st->max_steps : 1000;
    for (int i = 0; i < PCT_DEPTH - 1; i++)
        st->change[i] = 1 + sim_splitmix64(&st->rng) % (k ? k : 1);
}

/* The policy's pick among n > 1 choices. */
static sim_choice policy_pick(sim_machine *m, run_state *st, const sim_choice *c, int n)
{
    switch (st->policy) {
    case SIM_POLICY_RANDOM: return c[sim_splitmix64(&st->rng) % (uint64_t)n];
    case SIM_POLICY_PRIORITY:
    case SIM_POLICY_PCT: {
        int best = 0;
        for (int k = 1; k < n; k++)
            if (choice_prio(m, st, c[k]) > choice_prio(m, st, c[best]))
                best = k;
        return c[best];
    }
    default: {
        /* round-robin: the next choice after the one taken last, passing by
         * the optional ones (a drop, an early alarm) while others exist */
        uint64_t step = sim_steps(m);
        int last = -1;
        if (step) {
            const sim_step_record *h = &sim_history(m)[step - 1];
            last = choice_key((sim_choice){h->what, h->actor, 0});
        }
        int first = -1;
        for (int k = 0; k < n; k++) {
            if (sim_choice_optional(m, c[k]))
                continue;
            if (choice_key(c[k]) > last)
                return c[k];
            if (first < 0)
                first = k;
        }
        return c[first >= 0 ? first : 0];
    }
    }
}

/*
 * What happens next: the only possible choice, the schedule's, or the
 * policy's; -1 when the run stops here (res->end or st->rc say why).
 */
static int choose_next(sim_machine *m, run_state *st, sim_choice *out)
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
    sim_choice c[SIM_MAX_CHOICES];
    int n = sim_choices(m, c);
    if (n == 0)
        return -1; /* cannot happen while running: settle ends such a run */
    if (n == 1) {
        *out = c[0];
        return 0;
    }
    if (st->prefix && st->r.next < st->prefix->n)
        return pick_scheduled(m, st, c[0], out);
    if (st->policy == SIM_POLICY_MANUAL) {
        res->end = SIM_RUN_WAITING;
        return -1;
    }
    *out = policy_pick(m, st, c, n);
    return 0;
}

int sim_run(sim_machine *m, sim_policy policy, const sim_schedule *prefix, uint64_t seed,
            uint64_t max_steps, sim_run_result *res)
{
    run_state st = {.policy = policy,
                    .prefix = prefix,
                    .r = {prefix, 0, {0}},
                    .rng = seed,
                    .max_steps = max_steps,
                    .res = res,
                    .rc = 0};
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
    if (policy == SIM_POLICY_PCT)
        pct_start(m, &st);
    res->end = SIM_RUN_FINISHED;
    while (sim_outcome_of(m) == SIM_RUNNING) {
        sim_choice pick;
        if (choose_next(m, &st, &pick) != 0)
            break;
        if (pick.kind == SIM_CHOICE_STEP)
            sim_step(m, pick.actor); /* the common case, one call less (dear in wasm) */
        else
            sim_take(m, pick);
        if (policy == SIM_POLICY_PCT && pick.kind == SIM_CHOICE_STEP)
            for (int i = 0; i < PCT_DEPTH - 1; i++)
                if (st.change[i] == sim_steps(m))
                    st.prio[pick.actor] = i; /* below every initial priority */
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
            bool step = h[k - 1].what == SIM_CHOICE_STEP;
            sim_sched_entry e = {.actor = h[k - 1].actor,
                                 .has_fp = step,
                                 .kind = h[k - 1].kind,
                                 .region = h[k - 1].region,
                                 .what = h[k - 1].what,
                                 .arg = h[k - 1].arg};
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

/* One entry as the readable form writes it, with its leading space. */
static void entry_text(const sim_machine *m, const sim_sched_entry *e, bool v2, jbuf *out)
{
    if (e->is_random) {
        jb_printf(out, " [r:%u]", e->value);
        return;
    }
    /* names without printf: a long run's schedule has one per step */
    const char *name = e->actor >= 0 ? sim_actor_name(m, e->actor) : e->actor_name;
    jb_raw(out, " ");
    const sim_choice_kind_info *info = sim_choice_kind_of(e->what);
    if (info->word) {
        jb_raw(out, info->word);
        return;
    }
    if (info->sigil)
        jb_printf(out, "%c", info->sigil);
    else if (v2 && sim_choice_word_taken(name))
        jb_raw(out, "="); /* an actor named like a keyword */
    jb_raw(out, name);
    if (info->has_arg)
        jb_printf(out, ":%d", e->arg);
}

static void head_text(const sim_schedule *s, jbuf *out)
{
    jb_printf(out, "v%u", sim_schedule_version_needed(s));
    if (s->has_seed)
        jb_printf(out, " seed=%llu", (unsigned long long)s->seed);
    jb_raw(out, ":");
}

void sim_schedule_text(const sim_machine *m, const sim_schedule *s, jbuf *out)
{
    bool v2 = sim_schedule_version_needed(s) >= 2;
    head_text(s, out);
    for (size_t i = 0; i < s->n; i++)
        entry_text(m, &s->entries[i], v2, out);
}

/* Whether two entries are written as the same token (the readable form
 * writes no fingerprint, so two steps of A are "A" whatever they did). */
static bool same_token(const sim_sched_entry *a, const sim_sched_entry *b)
{
    if (a->is_random || b->is_random)
        return a->is_random && b->is_random && a->value == b->value;
    return a->what == b->what && a->actor == b->actor && a->arg == b->arg &&
           (a->actor >= 0 || strcmp(a->actor_name, b->actor_name) == 0);
}

size_t sim_schedule_text_counted(const sim_machine *m, const sim_schedule *s, size_t min_run,
                                 size_t max_tokens, jbuf *out)
{
    bool v2 = sim_schedule_version_needed(s) >= 2;
    head_text(s, out);
    size_t i = 0;
    for (size_t tokens = 0; i < s->n && tokens < max_tokens; tokens++) {
        size_t run = 1;
        while (i + run < s->n && same_token(&s->entries[i], &s->entries[i + run]))
            run++;
        entry_text(m, &s->entries[i], v2, out);
        if (run >= min_run) {
            jb_printf(out, "*%zu", run);
            i += run;
        } else {
            i++;
        }
    }
    return i;
}
