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
 * found (Godefroid's theorem 5.10 for sleep sets with a state cache).  The
 * choices are the ones the complete search offers: under the threads model
 * a spinning actor's rounds that re-read an unchanged value are one
 * spin-out (spin_await.c, which argues that no end state is lost), so a
 * mutex's waiters do not multiply states by their SpinWait counts while the
 * lock stays held.
 *
 * The invariant this file keeps: two machine states with the same key have
 * the same futures, choice for choice, with the same outcomes.  The machine's
 * whole state is the simulated memory, the machine's and the models'
 * bookkeeping, and each actor's coroutine (its stack and registers); the
 * search adds its own memory of each actor's spin round.  The first two go
 * into the key as the futures read them, which is as they are but for what
 * no step reads again before it is written:
 *   - every region's bytes (objects, engine globals), and which globals are
 *     live; each actor's parker as its woken flag and owner, not who woke it
 *     (only the trace reads that), and not the flag either once its owner
 *     promised to prepare it before it sleeps on it again (plat_parker_done:
 *     the prepare clears the flag, an unpark only sets it, and no other step
 *     reads it; the machine holds the owner to it, sleeping first is a
 *     misuse): such a parker is keyed as one never woken, so a thread that
 *     parked and was woken meets the one that never parked;
 *   - the clock, the checked critical section's counters (who was inside
 *     last only while somebody is, or nests: entering reads it only then,
 *     leaving only at a depth above one), the random
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
 *   - each actor's spin round, when the search leaves unchanged rounds out
 *     (spin_await.c): whether its next step is a spin-out, and what its
 *     round read so far, which decide its choice and where a spin-out stops;
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
 * Keys are 128-bit hashes of those bytes (the memory's part through
 * region_digest.c: a sum of each block's hash, so a key after a step hashes
 * only the blocks the step changed).  The table keeps 95 bits of each key:
 * two different states are taken for one with probability about n^2 / 2^96
 * for n states (about 10^-15 for 10^7, 10^-13 for 10^8).
 *
 * The table grows (doubling, at most three quarters full) up to max_states;
 * a state it cannot hold ends the search, reported incomplete (explore.c):
 * going on without remembering it would be sound but could take any time.
 */
#include "visited.h"

#include "hasher.h"
#include "machine_internal.h"
#include "mem/model.h"
#include "region_digest.h"
#include "sched/model.h"

#include <stdlib.h>
#include <string.h>

typedef struct slot {
    uint64_t a;     /* the key's `a`; 0: empty (a key's `a` is never 0) */
    uint32_t b;     /* the top half of the key's `b` */
    uint32_t sleep; /* the sleep set it was last explored with (visited_bit) */
} slot;

struct visited {
    slot *slots;
    size_t cap, n, max;
    bool no_memory;        /* the table could not grow */
    region_digest *digest; /* the memory as the last key saw it */
};

/* ---- the key ------------------------------------------------------------------- */

static void mix_action(hasher *h, const sim_action *p)
{
    hasher_mix(h, (uint64_t)p->kind | (uint64_t)p->width << 8 | (uint64_t)p->order << 16 |
                      (uint64_t)p->has_cost << 24 | (uint64_t)(uint32_t)p->site.line << 32);
    hasher_mix(h, (uint64_t)(uintptr_t)p->target);
    hasher_mix(h, p->a);
    hasher_mix(h, p->b);
    hasher_mix(h, (uint64_t)p->deadline);
    hasher_mix(h, (uint64_t)p->earliest);
    hasher_mix(h, (uint64_t)p->cost);
    hasher_mix(h, (uint64_t)(uintptr_t)p->text);
    hasher_mix(h, (uint64_t)(uintptr_t)p->site.label);
    hasher_mix(h, (uint64_t)(uintptr_t)p->site.file);
}

/* The rank of an actor's stamp among the stamped actors' (the models only
 * ever compare two stamps), for each stamp, so that two runs that stamped
 * the same actors in the same order agree whatever the counter reached.
 * Under threads only the interrupt handlers' stamps are read (irq.c). */
static void mix_seq_order(hasher *h, const sim_machine *m)
{
    bool all = m->model != &sim_model_threads;
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
        hasher_mix(h, (uint64_t)i | armed << 8 | begun << 24 | rr << 40);
    }
}

/* Whether actor a's stack holds nothing the key lacks (the opening
 * comment); adds what the key needs of it. */
static bool mix_actor(hasher *h, const sim_actor *a, bool stories)
{
    hasher_mix(h, (uint64_t)a->finished | (uint64_t)a->dormant << 1 | (uint64_t)a->begun << 2 |
                      (uint64_t)a->raise_pending << 3 | (uint64_t)a->arm_now << 4 |
                      (uint64_t)a->raises_left << 8 | (uint64_t)a->irq_depth << 24);
    hasher_mix(h, (uint64_t)(uint32_t)a->base_prio | (uint64_t)(uint32_t)a->eff_prio << 32);
    hasher_mix(h, (uint64_t)a->op | (uint64_t)a->round << 32);
    hasher_mix(h, a->op_seq);
    mix_action(h, &a->pending);
    if (a->finished || a->dormant || a->op_steps == 0)
        return true;
    if ((a->irq_depth || a->locks_held) && !a->promised)
        return false; /* it may hold what it read of memory its lock (or mask) guards */
    if (a->pending.kind == SIM_ACT_PARK && a->sleep_node) {
        hasher_mix_bytes(h, a->sleep_node, a->sleep_node_size);
        return true;
    }
    if (!stories)
        return false;
    hasher_mix(h, a->story);
    return true;
}

/* A parker as its futures read it: its flag, unless its owner promised to
 * prepare it before it sleeps on it again (plat_parker_done: until then no
 * step reads the flag but to trace it), and its owner.  Not who woke it: only
 * the trace reads that. */
static void parker_as_read(const sim_machine *m, int owner, plat_parker *p)
{
    const sim_actor *a = &m->actors[owner];
    /* (its padding too: the digest hashes bytes; so it is filled in place,
     * since a struct returned by value need not bring its padding along) */
    memset(p, 0, sizeof *p);
    p->woken = a->parker_done ? 0 : a->parker.woken;
    p->owner = a->parker.owner;
    p->woken_by = -1;
}

/* The memory's part of the key: every region's bytes through the digest's
 * cache d (NULL: hashed afresh), each actor's parker as its futures read it. */
static void mix_memory(hasher *h, const sim_machine *m, region_digest *d)
{
    int parker_of[SIM_MAX_REGIONS];
    for (int r = 0; r < m->n_regions; r++)
        parker_of[r] = -1;
    for (int i = 0; i < m->n_actors; i++)
        if (m->actors[i].parker_region >= 0 && m->actors[i].parker_region < m->n_regions)
            parker_of[m->actors[i].parker_region] = i;
    uint64_t sum[2] = {0, 0};
    for (int r = 0; r < m->n_regions; r++) {
        uint64_t part[2];
        if (parker_of[r] >= 0) {
            plat_parker p;
            parker_as_read(m, parker_of[r], &p);
            region_digest_bytes(d, r, &p, sizeof p, part);
        } else {
            region_digest_bytes(d, r, m->regions[r].base, m->regions[r].size, part);
        }
        sum[0] += part[0];
        sum[1] += part[1];
    }
    hasher_mix(h, sum[0]);
    hasher_mix(h, sum[1]);
}

/* An actor's spin round as the search keeps it (spin_await.c): whether its
 * next step is a spin-out, and what its round read so far. */
static void mix_spin_round(hasher *h, const spin_round *r)
{
    hasher_mix(h, (uint64_t)r->pure | (uint64_t)r->awaiting << 1 |
                      (uint64_t)(r->cell ? r->width : 0) << 8 |
                      (uint64_t)(r->awaiting ? r->await_width : 0) << 16);
    hasher_mix(h, (uint64_t)(uintptr_t)r->cell);
    hasher_mix(h, r->cell ? r->value : 0);
    hasher_mix(h, (uint64_t)(uintptr_t)(r->awaiting ? r->await_cell : NULL));
    hasher_mix(h, r->awaiting ? r->await_value : 0);
}

/* The key of the machine's state, with the search's spin rounds (NULL: none
 * kept); the memory through the digest's cache d (NULL: hashed afresh). */
static bool key_of(const sim_machine *m, region_digest *d, const spin_round *spin, state_key *out)
{
    if (m->mem != &sim_mem_sc)
        return false;
    hasher h = {0x243F6A8885A308D3ull, 0x13198A2E03707344ull};
    hasher_mix(&h, (uint64_t)m->n_actors | (uint64_t)m->n_regions << 16 |
                       (uint64_t)m->outcome << 32 | (uint64_t)m->arm_any << 40);
    hasher_mix(&h, (uint64_t)m->now);
    hasher_mix(&h, (uint64_t)m->timer_late);
    hasher_mix(&h, (uint64_t)m->timer_jitter);
    /* (who was inside last is read only while somebody is inside, or nests) */
    bool owner_read = m->cs_inside != 0 || m->cs_depth > 1;
    hasher_mix(&h, (uint64_t)(uint32_t)m->cs_inside |
                       (uint64_t)(uint32_t)(owner_read ? m->cs_owner : -1) << 32);
    hasher_mix(&h, (uint64_t)(uint32_t)m->cs_depth);
    hasher_mix(&h, m->rng);
    sim_sched_state sched;
    memcpy(&sched, &m->sched, sizeof sched); /* (its padding too: zeroed on reset) */
    sched.seq = 0; /* a counter: only the order of what it stamped matters (below) */
    uint64_t part[2];
    region_digest_bytes(d, SIM_MAX_REGIONS, &sched, sizeof sched, part);
    hasher_mix(&h, part[0]);
    hasher_mix(&h, part[1]);
    mix_seq_order(&h, m);
    /* (under the executor, engines read their executor's memory between
     * steps without a lock: only actors between operations; under rtos a
     * kernel reads its memory inside a critical section, its lock) */
    bool stories = m->keep_story && m->model != &sim_model_executor;
    for (int i = 0; i < m->n_actors; i++) {
        if (!mix_actor(&h, &m->actors[i], stories))
            return false;
        if (spin)
            mix_spin_round(&h, &spin[i]);
    }
    mix_memory(&h, m, d);
    uint64_t live = 0;
    for (int g = 0; g < m->n_globals; g++)
        live |= (uint64_t)m->globals[g].live << g;
    hasher_mix(&h, live);
    if (m->hooks.state_bytes) {
        size_t size;
        const void *p = sim_world_state(m, &size);
        region_digest_bytes(d, SIM_MAX_REGIONS + 1, p, size, part);
        hasher_mix(&h, size);
        hasher_mix(&h, part[0]);
        hasher_mix(&h, part[1]);
    }
    out->a = hasher_lane_end(h.a) | 1; /* never 0: that marks an empty slot */
    out->b = hasher_lane_end(h.b ^ h.a);
    return true;
}

bool visited_key(const sim_machine *m, state_key *out) { return key_of(m, NULL, NULL, out); }

bool explore_stateful_fits(const sim_machine *m)
{
    /* (key_of's conditions: only under sc are states hashed at all, and only
     * under a model that keeps stories are actors in the middle of an
     * operation remembered; under the executor's, few states would be) */
    return m->mem == &sim_mem_sc && m->model != &sim_model_executor;
}

bool visited_key_cached(const sim_machine *m, visited *v, state_key *out)
{
    return key_of(m, v ? v->digest : NULL, NULL, out);
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
    v->digest = region_digest_new();
    if (!v->slots || !v->digest) {
        visited_free(v);
        return NULL;
    }
    return v;
}

void visited_free(visited *v)
{
    if (!v)
        return;
    free(v->slots);
    region_digest_free(v->digest);
    free(v);
}

size_t visited_states(const visited *v) { return v ? v->n : 0; }

bool visited_out_of_memory(const visited *v) { return v && v->no_memory; }

/* A slot holds 95 bits of the key: `a` (whose bottom bit is always 1, and
 * whose next bits pick where the search for it starts) and the top half of
 * `b`. */
static uint32_t b_kept(state_key k) { return (uint32_t)(k.b >> 32); }

/* Open addressing, linear probing: the slot of the key (a, b_kept), or the
 * empty one where it would go. */
static slot *slot_of(slot *slots, size_t cap, uint64_t a, uint32_t b)
{
    size_t i = (size_t)(a >> 1) & (cap - 1);
    for (;;) {
        slot *s = &slots[i];
        if (s->a == 0 || (s->a == a && s->b == b))
            return s;
        i = (i + 1) & (cap - 1);
    }
}

/* Keeps room for one more state, the table at most three quarters full;
 * false when memory is short. */
static bool grow(visited *v)
{
    if (4 * (v->n + 1) <= 3 * v->cap)
        return true;
    size_t cap = v->cap * 2;
    slot *bigger = cap / 2 == v->cap ? calloc(cap, sizeof *bigger) : NULL;
    if (!bigger) {
        v->no_memory = true;
        return false;
    }
    for (size_t i = 0; i < v->cap; i++)
        if (v->slots[i].a)
            *slot_of(bigger, cap, v->slots[i].a, v->slots[i].b) = v->slots[i];
    free(v->slots);
    v->slots = bigger;
    v->cap = cap;
    return true;
}

/* ---- the search's question ----------------------------------------------------- */

int visited_bit(sim_choice c)
{
    if (c.kind == SIM_CHOICE_STEP && c.actor >= 0 && c.actor < 31)
        return c.actor;
    if (c.kind == SIM_CHOICE_TICK)
        return 31;
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
    if (!key_of(e->m, v->digest, e->spin_on ? e->spin : NULL, &k))
        return VISIT_SKIP;
    *key = k;
    slot *s = slot_of(v->slots, v->cap, k.a, b_kept(k));
    if (s->a == 0) {
        if (v->n >= v->max || !grow(v))
            return VISIT_FULL;
        s = slot_of(v->slots, v->cap, k.a, b_kept(k)); /* (the table may have moved) */
        s->a = k.a;
        s->b = b_kept(k);
        s->sleep = (uint32_t)z;
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
    s->sleep = (uint32_t)(before & z);
    size_t kept = 0; /* the run's sleep set becomes Z ∩ Z' */
    for (size_t i = 0; i < e->n_sleep; i++)
        if (before >> visited_bit(e->sleep[i]) & 1)
            e->sleep[kept++] = e->sleep[i];
    e->n_sleep = kept;
    return VISIT_AGAIN;
}
