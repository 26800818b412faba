/*
 * The parking_lot engine on real threads (native backend).
 *
 * What these tests establish, on a real machine with real preemption:
 *
 *   - mutual exclusion: 2, 8 and 32 threads each lock-increment-unlock 100,000
 *     times; the plain (non-atomic) counter is exact and the overlap counter
 *     (fetch_add on entry; a nonzero previous value is an overlap) stays 0.
 *     Built with -fsanitize=thread, the same tests also prove that the lock
 *     orders the counter's accesses (acquire on lock, release on unlock);
 *   - parking: while the main thread holds the lock for 50 ms, 8 threads spin
 *     out their SpinWait, set PARKED and queue in the mutex's bucket; after the
 *     release they are woken one by one, in queue order;
 *   - try_lock, the handoff variant, two mutexes that share a bucket, and
 *     misuse (unlocking a free mutex aborts with a message).
 *
 * Every test runs in its own child process under a watchdog (harness.h).
 */
#define _GNU_SOURCE
#include "../../../core/engines/parking_lot/lot.h"
#include "../../../core/engines/parking_lot/mini_mutex.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "harness.h"

_Static_assert(sizeof(mini_mutex) == 1, "mini_mutex is one byte");

#if defined(__SANITIZE_THREAD__)
#define T_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define T_TSAN 1
#endif
#endif

#ifdef T_TSAN
/* Stop at the first report and make the child's exit status say so. */
const char *__tsan_default_options(void);
const char *__tsan_default_options(void) { return "halt_on_error=1:exitcode=66"; }
#endif

/* ---- helpers ------------------------------------------------------------------------ */

static uint8_t state_of(mini_mutex *m) { return atomic_load(&m->state.v); }

static lot_bucket *bucket_of(mini_mutex *m)
{
    return &lot_get()->buckets[lot_bucket_of(plat_key(m))];
}

/* How many threads wait on m's key in its bucket (read under the bucket lock). */
static unsigned queued_on(mini_mutex *m)
{
    lot_bucket *b = bucket_of(m);
    unsigned n = 0;
    plat_lock_acquire(&b->lock, AT("test: count waiters"));
    for (lot_waiter *w = b->head; w; w = w->next)
        n += w->key == plat_key(m);
    plat_lock_release(&b->lock, AT("test: count waiters"));
    return n;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

static void start_threads(pthread_t *t, int n, void *(*fn)(void *), void *args, size_t arg_size)
{
    for (int i = 0; i < n; i++)
        T_CHECK_EQ(pthread_create(&t[i], NULL, fn, (char *)args + (size_t)i * arg_size), 0);
}

static void join_threads(pthread_t *t, int n)
{
    for (int i = 0; i < n; i++)
        T_CHECK_EQ(pthread_join(t[i], NULL), 0);
}

/* ---- counts exactly ------------------------------------------------------------------- */

/* The shared state of a counting run.  `count` is a plain integer on purpose:
 * only the mutex keeps its updates apart. */
typedef struct counting {
    mini_mutex m;
    uint64_t count;
    atomic_int inside;    /* threads in the critical section right now */
    atomic_long overlaps; /* entries that found somebody already inside */
    int iterations;
    bool use_try_lock;
    pthread_barrier_t start;
} counting;

static void critical_section(counting *c)
{
    if (atomic_fetch_add_explicit(&c->inside, 1, memory_order_relaxed) != 0)
        atomic_fetch_add_explicit(&c->overlaps, 1, memory_order_relaxed);
    c->count++;
    atomic_fetch_sub_explicit(&c->inside, 1, memory_order_relaxed);
}

static void *counting_thread(void *arg)
{
    counting *c = *(counting **)arg;
    pthread_barrier_wait(&c->start);
    for (int i = 0; i < c->iterations; i++) {
        if (c->use_try_lock) {
            while (!mini_mutex_try_lock(&c->m))
                sched_yield();
        } else {
            mini_mutex_lock(&c->m);
        }
        critical_section(c);
        mini_mutex_unlock(&c->m);
    }
    return NULL;
}

static void count_with(int threads, int iterations, bool use_try_lock)
{
    static counting c; /* static: 32 thread stacks are enough stack */
    memset(&c, 0, sizeof c);
    mini_mutex_init(&c.m);
    c.iterations = iterations;
    c.use_try_lock = use_try_lock;
    pthread_barrier_init(&c.start, NULL, (unsigned)threads);
    pthread_t t[32];
    counting *args[32];
    for (int i = 0; i < threads; i++)
        args[i] = &c;
    start_threads(t, threads, counting_thread, args, sizeof args[0]);
    join_threads(t, threads);
    pthread_barrier_destroy(&c.start);
    T_CHECK_EQ(c.count, (uint64_t)threads * (uint64_t)iterations);
    T_CHECK_EQ(atomic_load(&c.overlaps), 0);
    T_CHECK_EQ(state_of(&c.m), 0);
    T_CHECK_EQ(queued_on(&c.m), 0);
}

static void counts_exactly_2(void) { count_with(2, 100000, false); }
static void counts_exactly_8(void) { count_with(8, 100000, false); }
static void counts_exactly_32(void) { count_with(32, 100000, false); }

/* ---- parks and wakes -------------------------------------------------------------------- */

#define PARKERS 8

typedef struct parking {
    mini_mutex m;
    int count;
    int order[PARKERS]; /* who entered the critical section, in order */
    plat_parker *parker[PARKERS];
    atomic_int started;
} parking;

typedef struct parking_arg {
    parking *p;
    int id;
} parking_arg;

static void *parking_thread(void *arg)
{
    parking_arg *a = arg;
    parking *p = a->p;
    p->parker[a->id] = plat_parker_self(); /* read by main only after join */
    atomic_fetch_add(&p->started, 1);
    mini_mutex_lock(&p->m);
    p->order[p->count++] = a->id;
    mini_mutex_unlock(&p->m);
    return NULL;
}

/* Main holds the lock; 8 threads spin, park, and are woken one by one. */
static void parks_and_wakes(void)
{
    static parking p;
    mini_mutex_init(&p.m);
    mini_mutex_lock(&p.m);
    T_CHECK_EQ(state_of(&p.m), MINI_MUTEX_LOCKED);

    pthread_t t[PARKERS];
    parking_arg args[PARKERS];
    for (int i = 0; i < PARKERS; i++)
        args[i] = (parking_arg){&p, i};
    double start = t_now_s();
    start_threads(t, PARKERS, parking_thread, args, sizeof args[0]);

    sleep_ms(50); /* the hold the reference uses; then wait a little more if needed */
    unsigned n;
    while ((n = queued_on(&p.m)) < PARKERS && t_now_s() - start < 5.0)
        sleep_ms(1);
    double parked_after = t_now_s() - start;
    if (n != PARKERS)
        t_fail(__FILE__, __LINE__, "only %u of %d threads parked within 5 s", n, PARKERS);
    if (parked_after > 0.1)
        t_note("all %d parked only after %.0f ms", PARKERS, parked_after * 1000);

    /* Every parked thread announced itself: LOCKED|PARKED. */
    T_CHECK_EQ(state_of(&p.m), MINI_MUTEX_LOCKED | MINI_MUTEX_PARKED);
    T_CHECK_EQ(p.count, 0);

    /* The queue's order, as parkers; their ids are matched after the join. */
    plat_parker *queue[PARKERS];
    int q = 0;
    lot_bucket *b = bucket_of(&p.m);
    plat_lock_acquire(&b->lock, AT("test: read the queue"));
    for (lot_waiter *w = b->head; w; w = w->next)
        if (w->key == plat_key(&p.m) && q < PARKERS)
            queue[q++] = w->parker;
    plat_lock_release(&b->lock, AT("test: read the queue"));
    T_CHECK_EQ(q, PARKERS);

    mini_mutex_unlock(&p.m); /* PARKED is set: the slow path wakes the first waiter */
    join_threads(t, PARKERS);

    T_CHECK_EQ(p.count, PARKERS);
    T_CHECK_EQ(state_of(&p.m), 0);
    T_CHECK_EQ(queued_on(&p.m), 0);
    /* One by one, first parked first in: nobody else could barge in, so each
     * unlock woke exactly the next waiter in the queue. */
    for (int i = 0; i < PARKERS; i++) {
        int id = p.order[i];
        T_CHECK(id >= 0 && id < PARKERS);
        if (p.parker[id] != queue[i])
            t_fail(__FILE__, __LINE__, "entry %d was thread %d, not the %d-th in the queue", i, id,
                   i + 1);
    }
}

/* ---- try_lock --------------------------------------------------------------------------- */

typedef struct try_arg {
    mini_mutex *m;
    bool got;
} try_arg;

static void *try_from_another_thread(void *arg)
{
    try_arg *a = arg;
    a->got = mini_mutex_try_lock(a->m);
    if (a->got)
        mini_mutex_unlock(a->m);
    return NULL;
}

static bool try_lock_elsewhere(mini_mutex *m)
{
    try_arg a = {m, false};
    pthread_t t;
    start_threads(&t, 1, try_from_another_thread, &a, sizeof a);
    join_threads(&t, 1);
    return a.got;
}

static void *lock_then_unlock(void *arg)
{
    mini_mutex *m = arg;
    mini_mutex_lock(m);
    mini_mutex_unlock(m);
    return NULL;
}

static void try_lock_semantics(void)
{
    static mini_mutex m;
    mini_mutex_init(&m);

    /* Free: taken, one CAS, state 01. */
    T_CHECK(mini_mutex_try_lock(&m));
    T_CHECK_EQ(state_of(&m), MINI_MUTEX_LOCKED);
    /* Held: refused, state untouched, by this thread and by another. */
    T_CHECK(!mini_mutex_try_lock(&m));
    T_CHECK(!try_lock_elsewhere(&m));
    T_CHECK_EQ(state_of(&m), MINI_MUTEX_LOCKED);
    mini_mutex_unlock(&m);
    T_CHECK_EQ(state_of(&m), 0);
    /* Free again: another thread gets it. */
    T_CHECK(try_lock_elsewhere(&m));
    T_CHECK_EQ(state_of(&m), 0);

    /* Free with PARKED set (a woken waiter has not retried yet): try_lock
     * barges in and keeps PARKED; the unlock goes the slow way, finds nobody
     * queued, and writes 00. */
    atomic_store(&m.state.v, MINI_MUTEX_PARKED);
    T_CHECK(mini_mutex_try_lock(&m));
    T_CHECK_EQ(state_of(&m), MINI_MUTEX_LOCKED | MINI_MUTEX_PARKED);
    mini_mutex_unlock(&m);
    T_CHECK_EQ(state_of(&m), 0);

    /* Held with a parked waiter: refused, state 11 untouched; the waiter
     * still gets the lock when it is released. */
    mini_mutex_lock(&m);
    pthread_t w;
    start_threads(&w, 1, lock_then_unlock, &m, 0);
    double start = t_now_s();
    while (queued_on(&m) == 0 && t_now_s() - start < 5.0)
        sleep_ms(1);
    T_CHECK_EQ(queued_on(&m), 1);
    T_CHECK(!mini_mutex_try_lock(&m));
    T_CHECK(!try_lock_elsewhere(&m));
    T_CHECK_EQ(state_of(&m), MINI_MUTEX_LOCKED | MINI_MUTEX_PARKED);
    mini_mutex_unlock(&m);
    join_threads(&w, 1);
    T_CHECK_EQ(state_of(&m), 0);
}

/* Threads that only ever try_lock (yielding when refused) still count exactly. */
static void try_lock_counts_exactly(void) { count_with(8, 20000, true); }

/* ---- the handoff variant -------------------------------------------------------------- */

/* Sizes: once a waiter is parked, every unlock hands the lock to a sleeping
 * thread and nobody may barge in, so each lock waits for a futex wake-up and a
 * context switch (a lock convoy, the price of fairness): ~5 us per operation on
 * 2 cores, far more under ThreadSanitizer.  Whether a run falls into the convoy
 * is luck, so the runs are sized for the worst case: at most 320,000
 * operations each (32 x 100,000 took 18 s natively when it convoyed). */
static void handoff_counts_exactly_2(void) { count_with(2, 100000, false); }
static void handoff_counts_exactly_8(void) { count_with(8, 40000, false); }
static void handoff_counts_exactly_32(void) { count_with(32, 10000, false); }

/* ---- two mutexes in one bucket -------------------------------------------------------- */

typedef struct shared_bucket {
    counting *c;
} shared_bucket;

/* Picks two mutexes whose keys hash to the same bucket, then hammers both:
 * waiters of both keys queue in one FIFO and are told apart by key. */
static void shared_bucket_counts_exactly(void)
{
    /* Of any 65 distinct keys two share one of the 64 buckets. */
    static counting pool[65];
    int a = -1, b = -1;
    for (int i = 0; i < 65 && b < 0; i++)
        for (int j = 0; j < i && b < 0; j++)
            if (lot_bucket_of(plat_key(&pool[i].m)) == lot_bucket_of(plat_key(&pool[j].m)))
                a = j, b = i;
    T_CHECK(a >= 0 && b >= 0);
    counting *c1 = &pool[a], *c2 = &pool[b];
    T_CHECK_EQ(lot_bucket_of(plat_key(&c1->m)), lot_bucket_of(plat_key(&c2->m)));
    T_CHECK(plat_key(&c1->m) != plat_key(&c2->m));

    enum { PER_MUTEX = 4, ITERATIONS = 50000 };
    counting *cs[2] = {c1, c2};
    for (int k = 0; k < 2; k++) {
        mini_mutex_init(&cs[k]->m);
        cs[k]->iterations = ITERATIONS;
        pthread_barrier_init(&cs[k]->start, NULL, PER_MUTEX);
    }
    pthread_t t[2 * PER_MUTEX];
    counting *args[2 * PER_MUTEX];
    for (int i = 0; i < 2 * PER_MUTEX; i++)
        args[i] = cs[i % 2];
    start_threads(t, 2 * PER_MUTEX, counting_thread, args, sizeof args[0]);
    join_threads(t, 2 * PER_MUTEX);
    for (int k = 0; k < 2; k++) {
        T_CHECK_EQ(cs[k]->count, (uint64_t)PER_MUTEX * ITERATIONS);
        T_CHECK_EQ(atomic_load(&cs[k]->overlaps), 0);
        T_CHECK_EQ(state_of(&cs[k]->m), 0);
    }
    T_CHECK(bucket_of(&c1->m)->head == NULL);
}

/* ---- misuse and size -------------------------------------------------------------------- */

/* In the grandchild: unlock a mutex whose state byte is *state. */
static void unlock_in_state(void *state)
{
    static mini_mutex m;
    mini_mutex_init(&m);
    atomic_store(&m.state.v, *(uint8_t *)state);
    mini_mutex_unlock(&m);
}

/* Unlocking a mutex in state `state` aborts with the misuse message. */
static void unlock_aborts_in(uint8_t state)
{
    char label[40], err[4096];
    snprintf(label, sizeof label, "unlock of state %u", state);
    t_expect_abort(label, unlock_in_state, &state, err, sizeof err);
    T_CHECK_CONTAINS(err, "lockstep: misuse at ");
    T_CHECK_CONTAINS(err, "mini_mutex.c:");
    T_CHECK_CONTAINS(err, "unlocked a mutex that is not locked");
}

static void unlock_unlocked_aborts(void)
{
    unlock_aborts_in(0);                 /* never locked */
    unlock_aborts_in(MINI_MUTEX_PARKED); /* free, a waiter announced: still not locked */
}

static void one_byte(void)
{
    T_CHECK_EQ(sizeof(mini_mutex), 1);
    T_CHECK_EQ(_Alignof(mini_mutex), 1);
    mini_mutex pair[2];
    T_CHECK_EQ((char *)&pair[1] - (char *)&pair[0], 1);
}

/* ---- main -------------------------------------------------------------------------------- */

static const t_test tests[] = {
    {"one_byte", "correct", one_byte},
    {"counts_exactly_2_threads", "correct", counts_exactly_2},
    {"counts_exactly_8_threads", "correct", counts_exactly_8},
    {"counts_exactly_32_threads", "correct", counts_exactly_32},
    {"parks_and_wakes", "correct", parks_and_wakes},
    {"try_lock_semantics", "correct", try_lock_semantics},
    {"try_lock_counts_exactly", "correct", try_lock_counts_exactly},
    {"shared_bucket_counts_exactly", "correct", shared_bucket_counts_exactly},
    {"handoff_counts_exactly_2_threads", "handoff", handoff_counts_exactly_2},
    {"handoff_counts_exactly_8_threads", "handoff", handoff_counts_exactly_8},
    {"handoff_counts_exactly_32_threads", "handoff", handoff_counts_exactly_32},
    {"handoff_parks_and_wakes", "handoff", parks_and_wakes},
    {"unlock_unlocked_aborts", "correct", unlock_unlocked_aborts},
};

int main(int argc, char **argv)
{
    return t_main(argc, argv, tests, T_COUNT(tests), plat_native_set_variant);
}
