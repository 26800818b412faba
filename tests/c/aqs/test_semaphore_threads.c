/*
 * The aqs engine's semaphore on real threads (native backend).
 *
 * What these tests establish, with real preemption (and, built with
 * -fsanitize=thread, with every access ordered by the semaphore):
 *
 *   - a pool of 8 permits shared by 8 threads taking random counts (1 to 4)
 *     through all four ways of acquiring: the permits in use never exceed 8,
 *     and at the end all 8 are back and the queue is empty; nonfair and fair;
 *   - a pool of 1 is a mutex: a plain counter incremented under it is exact;
 *   - the caller pattern (acquire outside try, release in finally) never
 *     exceeds the pool either;
 *   - interrupts: waiters interrupted in acquire give up with nothing; an
 *     interrupted first waiter passes its turn to the next (head-of-line);
 *     acquire_in_try grows the pool by one on a real interrupt;
 *   - timeouts give up after their time with the queue clean;
 *   - a release of 8 cascades through 8 waiters; racing releases never leave
 *     a waiter behind; a fair semaphore serves its queue in order;
 *   - the reference's drain/reduce transcript; and the three errors abort
 *     with the JDK's messages.
 *
 * Every test runs in its own child process under a watchdog (harness.h).
 */
#define _GNU_SOURCE
#include "../../../core/engines/aqs/caller.h"
#include "../../../core/engines/aqs/semaphore.h"

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>

#include "../threads/harness.h"

#if defined(__SANITIZE_THREAD__)
#define T_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define T_TSAN 1
#endif
#endif

#ifdef T_TSAN
const char *__tsan_default_options(void);
const char *__tsan_default_options(void) { return "halt_on_error=1:exitcode=66"; }
#define T_SCALE 4 /* ThreadSanitizer is slow: fewer rounds */
#else
#define T_SCALE 1
#endif

/* ---- helpers ------------------------------------------------------------------------ */

#define MAX_THREADS 16

static void sleep_us(long us)
{
    struct timespec ts = {us / 1000000, (us % 1000000) * 1000L};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

static double now_s(void) { return t_now_s(); }

/* The queue's length, read under its lock. */
static unsigned queued(semaphore *s)
{
    plat_lock_acquire(&s->sync.lock, AT("test: count waiters"));
    unsigned n = aqs_queue_length(&s->sync);
    plat_lock_release(&s->sync.lock, AT("test: count waiters"));
    return n;
}

static uint32_t first_id(semaphore *s) { return atomic_load(&s->sync.first.v); }

/* Waits (up to 5 s) until n threads are in the queue. */
static void wait_queued(semaphore *s, unsigned n)
{
    double until = now_s() + 5;
    while (queued(s) != n) {
        if (now_s() > until)
            t_fail(__FILE__, __LINE__, "expected %u queued, have %u", n, queued(s));
        sleep_us(200);
    }
}

static uint32_t xorshift(uint32_t *x)
{
    *x ^= *x << 13;
    *x ^= *x >> 17;
    *x ^= *x << 5;
    return *x;
}

static void start_threads(pthread_t *t, int n, void *(*fn)(void *), void *args, size_t size)
{
    for (int i = 0; i < n; i++)
        T_CHECK_EQ(pthread_create(&t[i], NULL, fn, (char *)args + (size_t)i * size), 0);
}

static void join_threads(pthread_t *t, int n)
{
    for (int i = 0; i < n; i++)
        T_CHECK_EQ(pthread_join(t[i], NULL), 0);
}

/* The state every multi-threaded test shares.  The aqs_threads live here, not
 * on the threads' stacks, so the main thread can interrupt them. */
typedef struct world {
    semaphore s;
    int capacity, iterations, threads;
    atomic_int in_flight, peak;
    atomic_long overs, acquired, failed;
    atomic_int results[MAX_THREADS];
    atomic_int order[MAX_THREADS];
    atomic_int n_order;
    uint64_t plain; /* only ever touched under a pool of 1 */
    aqs_thread me[MAX_THREADS];
    pthread_barrier_t start;
} world;

typedef struct worker {
    world *w;
    int index;
} worker;

static world *world_new(int permits, bool fair, int threads)
{
    static world w; /* one per test process */
    memset(&w, 0, sizeof w);
    semaphore_init(&w.s, permits, fair);
    w.capacity = permits;
    w.threads = threads;
    pthread_barrier_init(&w.start, NULL, (unsigned)threads);
    return &w;
}

/* Binds the calling thread's aqs_thread (its parker is thread-local). */
static aqs_thread *bind_me(worker *k)
{
    aqs_thread *me = &k->w->me[k->index];
    aqs_thread_init(me, plat_parker_self(), (uint32_t)k->index + 1);
    return me;
}

static void run_workers(world *w, void *(*fn)(void *))
{
    pthread_t t[MAX_THREADS];
    worker k[MAX_THREADS];
    for (int i = 0; i < w->threads; i++)
        k[i] = (worker){w, i};
    start_threads(t, w->threads, fn, k, sizeof k[0]);
    join_threads(t, w->threads);
}

/* Entering and leaving "the downstream": counts what is in use. */
static void enter(world *w, int k)
{
    int now = atomic_fetch_add(&w->in_flight, k) + k;
    if (now > w->capacity)
        atomic_fetch_add(&w->overs, 1);
    int peak = atomic_load(&w->peak);
    while (now > peak && !atomic_compare_exchange_weak(&w->peak, &peak, now)) {
    }
    atomic_fetch_add(&w->acquired, 1);
}

static void leave(world *w, int k) { atomic_fetch_sub(&w->in_flight, k); }

static void busy(uint32_t *rng)
{
    unsigned n = xorshift(rng) % 64;
    for (volatile unsigned i = 0; i < n; i++) {
    }
    if (xorshift(rng) % 16 == 0)
        sched_yield();
}

/* ---- random counts under a capacity ---------------------------------------------------- */

static void *random_worker(void *arg)
{
    worker *k = arg;
    world *w = k->w;
    aqs_thread *me = bind_me(k);
    uint32_t rng = 0x9E3779B9u * (uint32_t)(k->index + 1);
    pthread_barrier_wait(&w->start);
    for (int i = 0; i < w->iterations; i++) {
        int n = 1 + (int)(xorshift(&rng) % (uint32_t)(w->capacity / 2));
        bool got;
        switch (xorshift(&rng) % 4) {
        case 0: got = semaphore_acquire(&w->s, n, me) == AQS_ACQUIRED; break;
        case 1: got = semaphore_acquire_uninterruptibly(&w->s, n, me) == AQS_ACQUIRED; break;
        case 2: got = semaphore_try_acquire(&w->s, n); break;
        default: got = semaphore_try_acquire_for(&w->s, n, 2000, me) == AQS_ACQUIRED; break;
        }
        if (!got) {
            atomic_fetch_add(&w->failed, 1);
            continue;
        }
        enter(w, n);
        busy(&rng);
        leave(w, n);
        semaphore_release(&w->s, n);
    }
    return NULL;
}

static void random_counts(bool fair)
{
    world *w = world_new(8, fair, 8);
    w->iterations = 20000 / T_SCALE;
    run_workers(w, random_worker);
    t_note("%ld acquisitions, %ld tries that failed or timed out, peak %d of 8 in use",
           atomic_load(&w->acquired), atomic_load(&w->failed), atomic_load(&w->peak));
    T_CHECK_EQ(atomic_load(&w->overs), 0);
    T_CHECK(atomic_load(&w->peak) <= 8);
    T_CHECK(atomic_load(&w->peak) >= 2);
    T_CHECK_EQ(atomic_load(&w->in_flight), 0);
    T_CHECK_EQ(semaphore_available_permits(&w->s), 8);
    T_CHECK_EQ(queued(&w->s), 0);
    T_CHECK_EQ(first_id(&w->s), 0);
    T_CHECK(atomic_load(&w->acquired) > 0);
}

static void random_counts_nonfair(void) { random_counts(false); }
static void random_counts_fair(void) { random_counts(true); }

/* ---- a pool of one is a mutex ---------------------------------------------------------- */

static void *mutex_worker(void *arg)
{
    worker *k = arg;
    world *w = k->w;
    aqs_thread *me = bind_me(k);
    pthread_barrier_wait(&w->start);
    for (int i = 0; i < w->iterations; i++) {
        T_CHECK_EQ(semaphore_acquire(&w->s, 1, me), AQS_ACQUIRED);
        enter(w, 1);
        w->plain++;
        leave(w, 1);
        semaphore_release(&w->s, 1);
    }
    return NULL;
}

static void pool_of_one_counts_exactly(void)
{
    world *w = world_new(1, false, 4);
    w->iterations = 50000 / T_SCALE;
    run_workers(w, mutex_worker);
    T_CHECK_EQ(w->plain, 4LL * w->iterations);
    T_CHECK_EQ(atomic_load(&w->overs), 0);
    T_CHECK_EQ(semaphore_available_permits(&w->s), 1);
    T_CHECK_EQ(queued(&w->s), 0);
}

/* ---- the caller pattern ---------------------------------------------------------------- */

typedef struct guarded_arg {
    world *w;
    int n;
    uint32_t *rng;
} guarded_arg;

static void guarded_body(void *arg)
{
    guarded_arg *g = arg;
    enter(g->w, g->n);
    busy(g->rng);
    leave(g->w, g->n);
}

static void *guarded_worker(void *arg)
{
    worker *k = arg;
    world *w = k->w;
    aqs_thread *me = bind_me(k);
    uint32_t rng = 0x85EBCA6Bu * (uint32_t)(k->index + 1);
    pthread_barrier_wait(&w->start);
    for (int i = 0; i < w->iterations; i++) {
        guarded_arg g = {w, 1 + (int)(xorshift(&rng) % 2), &rng};
        if (xorshift(&rng) % 2)
            T_CHECK_EQ(semaphore_guarded(&w->s, g.n, me, guarded_body, &g), AQS_ACQUIRED);
        else if (!semaphore_try_guarded(&w->s, g.n, guarded_body, &g))
            atomic_fetch_add(&w->failed, 1);
    }
    return NULL;
}

static void guarded_calls_stay_in_the_pool(void)
{
    world *w = world_new(2, false, 6);
    w->iterations = 20000 / T_SCALE;
    run_workers(w, guarded_worker);
    T_CHECK_EQ(atomic_load(&w->overs), 0);
    T_CHECK(atomic_load(&w->peak) <= 2);
    T_CHECK_EQ(semaphore_available_permits(&w->s), 2);
    T_CHECK_EQ(queued(&w->s), 0);
}

/* ---- interrupts -------------------------------------------------------------------------- */

static void *acquire_one_worker(void *arg)
{
    worker *k = arg;
    world *w = k->w;
    aqs_thread *me = bind_me(k);
    pthread_barrier_wait(&w->start);
    int n = w->iterations ? w->iterations : 1; /* the permits to ask for */
    int r = semaphore_acquire(&w->s, n, me);
    atomic_store(&w->results[k->index], r);
    if (r == AQS_ACQUIRED)
        atomic_store(&w->order[atomic_fetch_add(&w->n_order, 1)], k->index);
    return NULL;
}

static void interrupted_waiters_take_nothing(void)
{
    world *w = world_new(0, false, 4);
    pthread_t t[4];
    worker k[4];
    for (int i = 0; i < 4; i++)
        k[i] = (worker){w, i};
    start_threads(t, 4, acquire_one_worker, k, sizeof k[0]);
    wait_queued(&w->s, 4);
    for (int i = 0; i < 4; i++)
        aqs_thread_interrupt(&w->me[i]);
    join_threads(t, 4);
    for (int i = 0; i < 4; i++)
        T_CHECK_EQ(atomic_load(&w->results[i]), AQS_INTERRUPTED);
    T_CHECK_EQ(semaphore_available_permits(&w->s), 0);
    T_CHECK_EQ(queued(&w->s), 0);
    T_CHECK_EQ(first_id(&w->s), 0);
}

/* The reference case: A wants 2 and is first, B wants 1 behind it, 1 permit
 * is free.  Interrupting A hands the permit to B. */
typedef struct hol {
    semaphore s;
    aqs_thread a, b;
    atomic_int a_result, b_result, ready;
} hol;

static hol H;

static void *hol_a(void *arg)
{
    (void)arg;
    aqs_thread_init(&H.a, plat_parker_self(), 1);
    atomic_store(&H.ready, 1);
    atomic_store(&H.a_result, semaphore_acquire(&H.s, 2, &H.a));
    return NULL;
}

static void *hol_b(void *arg)
{
    (void)arg;
    aqs_thread_init(&H.b, plat_parker_self(), 2);
    atomic_store(&H.b_result, semaphore_acquire(&H.s, 1, &H.b));
    return NULL;
}

static void interrupted_first_passes_its_turn(void)
{
    semaphore_init(&H.s, 0, false);
    atomic_store(&H.a_result, 99);
    atomic_store(&H.b_result, 99);
    pthread_t a, b;
    T_CHECK_EQ(pthread_create(&a, NULL, hol_a, NULL), 0);
    wait_queued(&H.s, 1);
    T_CHECK_EQ(pthread_create(&b, NULL, hol_b, NULL), 0);
    wait_queued(&H.s, 2);
    semaphore_release(&H.s, 1);
    sleep_us(20000);
    /* Head-of-line: A could not use 1 permit, and B was never woken. */
    T_CHECK_EQ(atomic_load(&H.a_result), 99);
    T_CHECK_EQ(atomic_load(&H.b_result), 99);
    T_CHECK_EQ(queued(&H.s), 2);
    T_CHECK_EQ(semaphore_available_permits(&H.s), 1);
    aqs_thread_interrupt(&H.a);
    T_CHECK_EQ(pthread_join(a, NULL), 0);
    T_CHECK_EQ(pthread_join(b, NULL), 0);
    T_CHECK_EQ(atomic_load(&H.a_result), AQS_INTERRUPTED);
    T_CHECK_EQ(atomic_load(&H.b_result), AQS_ACQUIRED);
    T_CHECK_EQ(semaphore_available_permits(&H.s), 0);
    T_CHECK_EQ(queued(&H.s), 0);
}

/* A pool of 1 held by the main thread; a worker makes a guarded call and is
 * interrupted while it waits.  Correctly the pool stays at 1; with
 * acquire_in_try the worker's finally adds a permit. */
static void *guarded_once_worker(void *arg)
{
    worker *k = arg;
    world *w = k->w;
    aqs_thread *me = bind_me(k);
    uint32_t rng = 1;
    guarded_arg g = {w, 1, &rng};
    atomic_store(&w->results[k->index], semaphore_guarded(&w->s, 1, me, guarded_body, &g));
    return NULL;
}

static void interrupted_guarded_call(int expected_after)
{
    world *w = world_new(1, false, 1);
    aqs_thread main_thread;
    aqs_thread_init(&main_thread, plat_parker_self(), 100);
    T_CHECK_EQ(semaphore_acquire(&w->s, 1, &main_thread), AQS_ACQUIRED);
    pthread_t t;
    worker k = {w, 0};
    T_CHECK_EQ(pthread_create(&t, NULL, guarded_once_worker, &k), 0);
    wait_queued(&w->s, 1);
    aqs_thread_interrupt(&w->me[0]);
    T_CHECK_EQ(pthread_join(t, NULL), 0);
    T_CHECK_EQ(atomic_load(&w->results[0]), AQS_INTERRUPTED);
    semaphore_release(&w->s, 1);
    t_note("a pool of 1, after the interrupted call and the holder's release: %d permits",
           semaphore_available_permits(&w->s));
    T_CHECK_EQ(semaphore_available_permits(&w->s), expected_after);
}

static void interrupt_keeps_the_pool(void) { interrupted_guarded_call(1); }
static void acquire_in_try_inflates_the_pool(void) { interrupted_guarded_call(2); }

/* ---- timeouts ------------------------------------------------------------------------------ */

static void *timed_worker(void *arg)
{
    worker *k = arg;
    world *w = k->w;
    aqs_thread *me = bind_me(k);
    pthread_barrier_wait(&w->start);
    atomic_store(&w->results[k->index], semaphore_try_acquire_for(&w->s, 1, 20000, me));
    return NULL;
}

static void timeouts_give_up_and_leave(void)
{
    world *w = world_new(0, false, 4);
    double t0 = now_s();
    run_workers(w, timed_worker);
    double took = now_s() - t0;
    t_note("4 timed tryAcquire(1, 20 ms) gave up after %.1f ms", took * 1e3);
    T_CHECK(took >= 0.020);
    for (int i = 0; i < 4; i++)
        T_CHECK_EQ(atomic_load(&w->results[i]), AQS_TIMED_OUT);
    T_CHECK_EQ(queued(&w->s), 0);
    T_CHECK_EQ(first_id(&w->s), 0);
    T_CHECK_EQ(semaphore_available_permits(&w->s), 0);
}

/* ---- propagation, racing releases, fairness ------------------------------------------------ */

static void release_cascades_through_waiters(void)
{
    world *w = world_new(0, false, 8);
    pthread_t t[8];
    worker k[8];
    for (int i = 0; i < 8; i++)
        k[i] = (worker){w, i};
    start_threads(t, 8, acquire_one_worker, k, sizeof k[0]);
    wait_queued(&w->s, 8);
    semaphore_release(&w->s, 8); /* one release; the waiters wake each other */
    join_threads(t, 8);
    for (int i = 0; i < 8; i++)
        T_CHECK_EQ(atomic_load(&w->results[i]), AQS_ACQUIRED);
    T_CHECK_EQ(semaphore_available_permits(&w->s), 0);
    T_CHECK_EQ(queued(&w->s), 0);
}

typedef struct racing {
    semaphore s;
    aqs_thread t[4];
    pthread_barrier_t go;
} racing;

static racing R;

static void *racing_blocker(void *arg)
{
    int i = (int)(intptr_t)arg;
    aqs_thread_init(&R.t[i], plat_parker_self(), (uint32_t)i + 1);
    pthread_barrier_wait(&R.go);
    semaphore_acquire_uninterruptibly(&R.s, 1, &R.t[i]);
    return NULL;
}

static void *racing_releaser(void *arg)
{
    (void)arg;
    pthread_barrier_wait(&R.go);
    semaphore_release(&R.s, 1);
    return NULL;
}

/* The JDK's RacingReleases: 2 blockers, 2 releasers, shuffled, many times. */
static void racing_releases_never_strand_a_waiter(void)
{
    int rounds = 400 / T_SCALE;
    for (int round = 0; round < rounds; round++) {
        semaphore_init(&R.s, 0, round % 2 == 1);
        pthread_barrier_init(&R.go, NULL, 4);
        pthread_t t[4];
        for (int i = 0; i < 4; i++) {
            int who = (round + i) % 4; /* shuffle the start order */
            void *(*fn)(void *) = who < 2 ? racing_blocker : racing_releaser;
            T_CHECK_EQ(pthread_create(&t[i], NULL, fn, (void *)(intptr_t)who), 0);
        }
        join_threads(t, 4); /* a stranded waiter hangs here: the watchdog fails it */
        T_CHECK_EQ(semaphore_available_permits(&R.s), 0);
        T_CHECK_EQ(queued(&R.s), 0);
        pthread_barrier_destroy(&R.go);
    }
    t_note("%d rounds", rounds);
}

static void fair_semaphore_serves_its_queue_in_order(void)
{
    world *w = world_new(0, true, 6);
    pthread_barrier_destroy(&w->start);
    pthread_barrier_init(&w->start, NULL, 1); /* each starts alone */
    pthread_t t[6];
    worker k[6];
    for (int i = 0; i < 6; i++) {
        k[i] = (worker){w, i};
        T_CHECK_EQ(pthread_create(&t[i], NULL, acquire_one_worker, &k[i]), 0);
        wait_queued(&w->s, (unsigned)i + 1);
    }
    for (int i = 0; i < 6; i++) {
        semaphore_release(&w->s, 1);
        double until = now_s() + 5;
        while (atomic_load(&w->n_order) != i + 1 && now_s() < until)
            sleep_us(100);
    }
    join_threads(t, 6);
    for (int i = 0; i < 6; i++)
        T_CHECK_EQ(atomic_load(&w->order[i]), i);
}

/* ---- sequential: the reference transcript, and the errors ---------------------------------- */

static void drain_and_reduce_transcript(void)
{
    semaphore s;
    semaphore_init(&s, 3, false);
    T_CHECK_EQ(semaphore_available_permits(&s), 3);
    T_CHECK_EQ(semaphore_drain_permits(&s), 3);
    T_CHECK_EQ(semaphore_available_permits(&s), 0);
    T_CHECK_EQ(semaphore_drain_permits(&s), 0);
    semaphore_release(&s, 1);
    semaphore_reduce_permits(&s, 2);
    T_CHECK_EQ(semaphore_available_permits(&s), -1);
    T_CHECK(!semaphore_try_acquire(&s, 1));
    semaphore_release(&s, 1);
    T_CHECK_EQ(semaphore_available_permits(&s), 0);
    T_CHECK(!semaphore_try_acquire(&s, 1));
    T_CHECK_EQ(semaphore_available_permits(&s), 0);
    /* A debt is cleared by a drain, which returns it (negative). */
    semaphore_reduce_permits(&s, 2);
    T_CHECK_EQ(semaphore_drain_permits(&s), -2);
    T_CHECK_EQ(semaphore_available_permits(&s), 0);
}

/* what(), for t_expect_abort: `arg` points at the function pointer */
static void call(void *arg) { (*(void (**)(void))arg)(); }

/* Runs `what` in a grandchild and checks that it aborted with `message`. */
static void aborts_with(void (*what)(void), const char *message)
{
    char err[4096];
    t_expect_abort(message, call, &what, err, sizeof err);
    T_CHECK_CONTAINS(err, message);
}

static void overflow(void)
{
    semaphore s;
    semaphore_init(&s, INT32_MAX - 1, false);
    semaphore_release(&s, 2);
}

static void underflow(void)
{
    semaphore s;
    semaphore_init(&s, INT32_MIN + 1, false);
    semaphore_reduce_permits(&s, 2);
}

static void negative_try_acquire(void)
{
    semaphore s;
    semaphore_init(&s, 1, false);
    semaphore_try_acquire(&s, -1);
}

static void negative_acquire(void)
{
    semaphore s;
    semaphore_init(&s, 1, false);
    aqs_thread me;
    aqs_thread_init(&me, plat_parker_self(), 1);
    semaphore_acquire(&s, -1, &me);
}

static void negative_release(void)
{
    semaphore s;
    semaphore_init(&s, 1, false);
    semaphore_release(&s, -1);
}

static void negative_reduce(void)
{
    semaphore s;
    semaphore_init(&s, 1, false);
    semaphore_reduce_permits(&s, -1);
}

/* Each error names what Java throws, word for word, after the explanation. */
static void errors_abort_with_the_jdk_messages(void)
{
    aborts_with(overflow, "): the release would take the count past the largest int, 2147483647 "
                          "(java: java.lang.Error: Maximum permit count exceeded)\n");
    aborts_with(underflow, "): the reduction would take the count below the smallest int, "
                           "-2147483648 (java: java.lang.Error: Permit count underflow)\n");
    const char *negative = "(permits < 0): the number of permits is negative "
                           "(java: java.lang.IllegalArgumentException)\n";
    aborts_with(negative_try_acquire, negative);
    aborts_with(negative_acquire, negative);
    aborts_with(negative_release, negative);
    aborts_with(negative_reduce, negative);
}

static const t_test tests[] = {
    {"random_counts_nonfair", "correct", random_counts_nonfair},
    {"random_counts_fair", "correct", random_counts_fair},
    {"pool_of_one_counts_exactly", "correct", pool_of_one_counts_exactly},
    {"guarded_calls_stay_in_the_pool", "correct", guarded_calls_stay_in_the_pool},
    {"interrupted_waiters_take_nothing", "correct", interrupted_waiters_take_nothing},
    {"interrupted_first_passes_its_turn", "correct", interrupted_first_passes_its_turn},
    {"interrupt_keeps_the_pool", "correct", interrupt_keeps_the_pool},
    {"acquire_in_try_inflates_the_pool", "acquire_in_try", acquire_in_try_inflates_the_pool},
    {"timeouts_give_up_and_leave", "correct", timeouts_give_up_and_leave},
    {"release_cascades_through_waiters", "correct", release_cascades_through_waiters},
    {"racing_releases_never_strand_a_waiter", "correct", racing_releases_never_strand_a_waiter},
    {"fair_semaphore_serves_its_queue_in_order", "correct",
     fair_semaphore_serves_its_queue_in_order},
    {"drain_and_reduce_transcript", "correct", drain_and_reduce_transcript},
    {"errors_abort_with_the_jdk_messages", "correct", errors_abort_with_the_jdk_messages},
};

int main(int argc, char **argv)
{
    return t_main(argc, argv, tests, T_COUNT(tests), plat_native_set_variant);
}
