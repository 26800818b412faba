/*
 * The stateful search's memory (see visited.h): sleep sets with state
 * caching (Godefroid 1996, "Partial-order methods", the algorithm of
 * section 5.4), over the explorer's depth-first search.
 *
 * A state is remembered with the sleep set Z' it was explored with: every
 * choice outside Z' was explored from it (depth-first: a remembered state that
 * is not on the current run was finished; one on it cannot come again, since a
 * key grows along a run, below).  Reaching it again with sleep set Z, nothing
 * new lies below when Z' is inside Z; otherwise only the choices of Z' \ Z
 * are left, and the state is remembered with Z ∩ Z' (what is asleep on both
 * visits was explored on neither).  Every state a search without memory
 * reaches is still reached, so every stuck run, violation and end state is
 * found (Godefroid's theorem 5.10 for sleep sets with a state cache).
 *
 * The invariant this file keeps: two machine states with the same key have
 * the same futures, choice for choice, with the same outcomes.  The machine's
 * whole state is the simulated memory, the machine's and the models'
 * bookkeeping, and each actor's coroutine (its stack and registers).  The
 * first two go into the key as they are:
 *   - every region's bytes (objects, engine globals, parkers: a parker's
 *     woken flag and who woke it), and which globals are live;
 *   - the clock, the checked critical section's counters, the random
 *     generator, the scheduling model's state (sim_sched_state, zeroed on
 *     reset, so its padding is too), and per actor its flags (finished,
 *     dormant, begun, raised, armed), priorities, interrupt mask depth, and
 *     the action it announced (kind, operands, target, deadline, site): the
 *     choices that exist and what each does are read off these alone;
 *   - the order of the stamps the models put on actors from one counter
 *     (when armed, begun, last in the round-robin), not the stamps: the
 *     models only compare two of them, and the counter only grows;
 *   - the world's own state outside regions (sim_hooks.state_bytes: the
 *     interpreter's result registers);
 *   - only under sequential consistency (tso and ra keep store buffers and
 *     histories that are not hashed): under any other memory model no state
 *     is remembered and the search is the plain one with sleep sets.
 * An actor's coroutine cannot be hashed: its stack holds dead slots that
 * differ from run to run (two threads x one lock/unlock: 5,118 raw states
 * against 10 classes).  So a state is remembered only when every actor's
 * stack is known to hold nothing but what the key holds:
 *   - finished or dormant: nothing (a handler starts afresh when raised);
 *   - between operations (no step yet in its current program operation,
 *     sim_set_op): its program position (operation, round, operations begun:
 *     a program has no branches, so that is where it is) and the action it
 *     announced, which the operation computed from its arguments alone;
 *     engines read shared memory only through plat calls (or under a plat
 *     lock, which nobody holds between operations), so nothing else went in;
 *   - asleep at a park whose engine declared its state (plat_sleep_state):
 *     the engine promised that what the actor does once woken depends only on
 *     its operation and the declared bytes, hashed as they are now (the
 *     parking lot's waiter node, whose token and links other actors write).
 *   - otherwise in the middle of an operation, under the threads and rtos
 *     models (not the executor's): its story, a hash of every action it
 *     performed and every result it saw since its operation began
 *     (sim_set_op) or since the last promise it made (below).  Its stack holds what its operation's
 * arguments and those results made of it: engines read shared memory only through plat calls, or
 * under a plat lock (an rtos kernel: inside its critical section, interrupts masked), so
 *   - holding a plat lock (or masking interrupts): the state is not
 *     remembered (it may hold what it read of memory the lock guards, which
 *     no step shows), unless it promised what it keeps (below) since its
 *     last step, after the last of those reads.
 * An engine may promise that its stack holds less than its story
 * (plat_loop_state: at the top of a retry loop, what the rest of the
 * operation does depends on the operation, that place and the values it
 * lists alone): the story then starts again from the place and the values,
 * so runs that reach the loop with the same ones, whatever their earlier
 * rounds, meet in one state (a spinning mutex's: the state byte it read and
 * its SpinWait count).  Under a lock the promise covers the next step only
 * (sim_actor.promised): made after the holder's last plain read of guarded
 * memory, it names what it kept of them (the parking lot's unparker: the
 * waiter it dequeued; the rtos kernel's task_block: what a task blocked in
 * its critical section resumes with, remembered while it waits).
 *
 * Keys are 128-bit hashes of those bytes: two different states share a key
 * with probability about n^2 / 2^129 for n states (below 10^-24 for 10^7).
 */
#include "visited.h"

#include "machine_internal.h"
#include "mem/model.h"

#include <stdlib.h>
#include <string.h>

#define VISITED_DEFAULT_STATES (4u << 20)

typedef struct slot {
    state_key k; /* {0, 0}: empty (a key's `a` is never 0) */
    uint64_t sleep;
} slot;

struct visited {
    slot *slots;
    size_t cap, n, max;
};

/* ---- the key ------------------------------------------------------------------- */

/* Two lanes of xxHash64's round over 64-bit words: order matters, and a
 * difference anywhere reaches all 128 bits by the final avalanche. */
typedef struct hasher {
    uint64_t a, b;
} hasher;

static inline uint64_t rotl(uint64_t x, int r) { return (x << r) | (x >> (64 - r)); }

static inline void mix(hasher *h, uint64_t w)
{
    h->a = rotl(h->a + w * 0xC2B2AE3D27D4EB4Full, 31) * 0x9E3779B185EBCA87ull;
    h->b = rotl(h->b + (w ^ 0x165667B19E3779F9ull) * 0x9E3779B185EBCA87ull, 29) *
           0xC2B2AE3D27D4EB4Full;
}

static void mix_bytes(hasher *h, const void *p, size_t size)
{
    const unsigned char *c = p;
    mix(h, size);
    for (; size >= 8; size -= 8, c += 8) {
        uint64_t w;
        memcpy(&w, c, 8);
        mix(h, w);
    }
    if (size) {
        uint64_t w = 0;
        memcpy(&w, c, size);
        mix(h, w);
    }
}

static uint64_t avalanche(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    return x ^ (x >> 33);
}

static void mix_action(hasher *h, const sim_action *p)
{
    mix(h, (uint64_t)p->kind | (uint64_t)p->width << 8 | (uint64_t)p->order << 16 |
               (uint64_t)p->has_cost << 24 | (uint64_t)(uint32_t)p->site.line << 32);
    mix(h, (uint64_t)(uintptr_t)p->target);
    mix(h, p->a);
    mix(h, p->b);
    mix(h, (uint64_t)p->deadline);
    mix(h, (uint64_t)p->earliest);
    mix(h, (uint64_t)p->cost);
    mix(h, (uint64_t)(uintptr_t)p->text);
    mix(h, (uint64_t)(uintptr_t)p->site.label);
    mix(h, (uint64_t)(uintptr_t)p->site.file);
}

/* The rank of an actor's stamp among the stamped actors' (the models only
 * ever compare two stamps), for each stamp, so that two runs that stamped
 * the same actors in the same order agree whatever the counter reached.
 * Under threads only the interrupt handlers' stamps are read (irq.c). */
static void mix_seq_order(hasher *h, const sim_machine *m)
{
    bool all = strcmp(m->model->name, "threads") != 0;
    for (int i = 0; i < m->n_actors; i++) {
        const sim_actor *a = &m->actors[i];
        if (!all && a->kind != SIM_ISR)
            continue;
        uint64_t armed = 0, begun = 0, rr = 0;
        for (int j = 0; j < m->n_actors; j++) {
            const sim_actor *b = &m->actors[j];
            if (!all && b->kind != SIM_ISR)
                continue;
            armed += b->armed_seq < a->armed_seq;
            begun += b->begun_seq < a->begun_seq;
            rr += b->rr_seq < a->rr_seq;
        }
        mix(h, (uint64_t)i | armed << 8 | begun << 24 | rr << 40);
    }
}

/* Whether actor a's stack holds nothing the key lacks (the opening
 * comment); adds what the key needs of it. */
static bool mix_actor(hasher *h, const sim_actor *a, bool stories)
{
    mix(h, (uint64_t)a->finished | (uint64_t)a->dormant << 1 | (uint64_t)a->begun << 2 |
               (uint64_t)a->raise_pending << 3 | (uint64_t)a->arm_now << 4 |
               (uint64_t)a->raises_left << 8 | (uint64_t)a->irq_depth << 24);
    mix(h, (uint64_t)(uint32_t)a->base_prio | (uint64_t)(uint32_t)a->eff_prio << 32);
    mix(h, (uint64_t)a->op | (uint64_t)a->round << 32);
    mix(h, a->op_seq);
    mix_action(h, &a->pending);
    if (a->finished || a->dormant || a->op_steps == 0)
        return true;
    if ((a->irq_depth || a->locks_held) && !a->promised)
        return false; /* it may hold what it read of memory its lock (or mask) guards */
    if (a->pending.kind == SIM_ACT_PARK && a->sleep_node) {
        mix_bytes(h, a->sleep_node, a->sleep_node_size);
        return true;
    }
    if (!stories)
        return false;
    mix(h, a->story);
    return true;
}

bool visited_key(const sim_machine *m, state_key *out)
{
    if (m->mem != &sim_mem_sc)
        return false;
    hasher h = {0x243F6A8885A308D3ull, 0x13198A2E03707344ull};
    mix(&h, (uint64_t)m->n_actors | (uint64_t)m->n_regions << 16 | (uint64_t)m->outcome << 32 |
                (uint64_t)m->arm_any << 40);
    mix(&h, (uint64_t)m->now);
    mix(&h, (uint64_t)m->timer_late);
    mix(&h, (uint64_t)m->timer_jitter);
    mix(&h, (uint64_t)(uint32_t)m->cs_inside | (uint64_t)(uint32_t)m->cs_owner << 32);
    mix(&h, (uint64_t)(uint32_t)m->cs_depth);
    mix(&h, m->rng);
    sim_sched_state sched = m->sched;
    sched.seq = 0; /* a counter: only the order of what it stamped matters (below) */
    mix_bytes(&h, &sched, sizeof sched);
    mix_seq_order(&h, m);
    /* (under the executor, engines read their executor's memory between
     * steps without a lock: only actors between operations; under rtos a
     * kernel reads its memory inside a critical section, its lock) */
    bool stories = m->keep_story && strcmp(m->model->name, "executor") != 0;
    for (int i = 0; i < m->n_actors; i++)
        if (!mix_actor(&h, &m->actors[i], stories))
            return false;
    for (int r = 0; r < m->n_regions; r++)
        mix_bytes(&h, m->regions[r].base, m->regions[r].size);
    uint64_t live = 0;
    for (int g = 0; g < m->n_globals; g++)
        live |= (uint64_t)m->globals[g].live << g;
    mix(&h, live);
    if (m->hooks.state_bytes) {
        size_t size = 0;
        const void *p = m->hooks.state_bytes(m, &size, m->setup_arg);
        mix_bytes(&h, p, size);
    }
    out->a = avalanche(h.a) | 1; /* never 0: that marks an empty slot */
    out->b = avalanche(h.b ^ h.a);
    return true;
}

/* ---- the table ----------------------------------------------------------------- */

visited *visited_new(size_t max_states)
{
    visited *v = calloc(1, sizeof *v);
    if (!v)
        return NULL;
    v->max = max_states ? max_states : VISITED_DEFAULT_STATES;
    v->cap = 1024;
    v->slots = calloc(v->cap, sizeof *v->slots);
    if (!v->slots) {
        free(v);
        return NULL;
    }
    return v;
}

void visited_free(visited *v)
{
    if (!v)
        return;
    free(v->slots);
    free(v);
}

size_t visited_states(const visited *v) { return v ? v->n : 0; }

/* Open addressing, linear probing: the slot of key k, or the empty one where
 * it would go. */
static slot *slot_of(const visited *v, state_key k)
{
    size_t i = (size_t)k.b & (v->cap - 1);
    for (;;) {
        slot *s = &v->slots[i];
        if (s->k.a == 0 || (s->k.a == k.a && s->k.b == k.b))
            return s;
        i = (i + 1) & (v->cap - 1);
    }
}

/* Keeps the table at most half full; false when memory is short. */
static bool grow(visited *v)
{
    if (2 * (v->n + 1) <= v->cap)
        return true;
    visited bigger = {.cap = v->cap * 2};
    bigger.slots = calloc(bigger.cap, sizeof *bigger.slots);
    if (!bigger.slots)
        return false;
    for (size_t i = 0; i < v->cap; i++)
        if (v->slots[i].k.a)
            *slot_of(&bigger, v->slots[i].k) = v->slots[i];
    free(v->slots);
    v->slots = bigger.slots;
    v->cap = bigger.cap;
    return true;
}

/* ---- the search's question ----------------------------------------------------- */

int visited_bit(sim_choice c)
{
    if (c.kind == SIM_CHOICE_STEP && c.actor >= 0 && c.actor < 62)
        return c.actor;
    if (c.kind == SIM_CHOICE_TICK)
        return 63;
    return -1;
}

visit visited_at(explorer *e, visited *v, const xchoice *E, int n, uint64_t *left, state_key *key)
{
    uint64_t z = 0;
    for (size_t i = 0; i < e->n_sleep; i++) {
        int bit = visited_bit(e->sleep[i]);
        if (bit < 0)
            return VISIT_SKIP;
        z |= 1ull << bit;
    }
    state_key k;
    if (!visited_key(e->m, &k))
        return VISIT_SKIP;
    *key = k;
    slot *s = slot_of(v, k);
    if (s->k.a == 0) {
        if (v->n >= v->max || !grow(v))
            return VISIT_SKIP; /* full: explored as if never seen */
        s = slot_of(v, k);     /* (the table may have moved) */
        s->k = k;
        s->sleep = z;
        v->n++;
        return VISIT_NEW;
    }
    uint64_t before = s->sleep;
    uint64_t awake_now = before & ~z;
    *left = 0;
    for (int j = 0; j < n; j++) {
        int bit = visited_bit(E[j].c);
        if (bit >= 0 && (awake_now >> bit & 1))
            *left |= 1ull << bit;
    }
    if (*left == 0)
        return VISIT_PRUNE;
    s->sleep = before & z;
    size_t kept = 0; /* the run's sleep set becomes Z ∩ Z' */
    for (size_t i = 0; i < e->n_sleep; i++)
        if (before >> visited_bit(e->sleep[i]) & 1)
            e->sleep[kept++] = e->sleep[i];
    e->n_sleep = kept;
    return VISIT_AGAIN;
}
