/*
 * The parking_lot condvar on real threads (native backend).
 *
 * What these tests establish, with real preemption:
 *
 *   - a bounded buffer (8 slots) guarded by one mini_mutex with two condvars,
 *     "not empty" and "not full": 4 producers put 50,000 numbers each, 4
 *     consumers take them; every number arrives exactly once, the buffer never
 *     holds more than 8 or fewer than 0, and at the end nobody waits and both
 *     condvars read EMPTY.  Producers notify_one, consumers notify_all (so the
 *     requeue path runs under contention), in both variants;
 *   - notify_all with 6 waiters: when the notifier holds the mutex, all six are
 *     moved onto the mutex's queue (none is woken by the notify itself) and the
 *     unlocks let them through one at a time; the condvar's queue is empty
 *     right after the notify;
 *   - waiting with a second mutex on the same condvar aborts with a message.
 *
 * Built with -fsanitize=thread too: the mutex's acquire and release must order
 * the buffer, and the condvar's `mutex` pointer must be published safely.
 */
#define _GNU_SOURCE
#include "../../../core/engines/parking_lot/condvar.h"
#include "../../../core/engines/parking_lot/lot.h"

#include <pthread.h>
#include <stdatomic.h>

#include "harness.h"

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
#endif

/* How many threads wait on key in its bucket (read under the bucket lock). */
static unsigned queued_on_key(uintptr_t key)
{
    lot_bucket *b = &lot_get()->buckets[lot_bucket_of(key)];
    unsigned n = 0;
    plat_lock_acquire(&b->lock, AT("test: count waiters"));
    for (lot_waiter *w = b->head; w; w = w->next)
        n += w->key == key;
    plat_lock_release(&b->lock, AT("test: count waiters"));
    return n;
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

/* ---- producer / consumer ------------------------------------------------------------- */

#define SLOTS 8
#define PRODUCERS 4
#define CONSUMERS 4
#define PER_PRODUCER 50000
#define TOTAL (PRODUCERS * PER_PRODUCER)

typedef struct buffer {
    mini_mutex m;
    condvar not_empty, not_full;
    int items[SLOTS]; /* plain ints: only m guards them */
    int head, count;
    int taken; /* numbers consumed so far, all consumers together */
    int bad_count;
    unsigned char seen[TOTAL];
} buffer;

static buffer buf;

static void *producer(void *arg)
{
    int id = (int)(intptr_t)arg;
    for (int i = 0; i < PER_PRODUCER; i++) {
        mini_mutex_lock(&buf.m);
        while (buf.count == SLOTS)
            condvar_wait(&buf.not_full, &buf.m);
        buf.items[(buf.head + buf.count) % SLOTS] = id * PER_PRODUCER + i;
        buf.count++;
        mini_mutex_unlock(&buf.m);
        condvar_notify_one(&buf.not_empty);
    }
    return NULL;
}

static void *consumer(void *arg)
{
    (void)arg;
    for (;;) {
        mini_mutex_lock(&buf.m);
        while (buf.count == 0 && buf.taken < TOTAL)
            condvar_wait(&buf.not_empty, &buf.m);
        if (buf.count == 0) { /* everything is taken: tell the others and stop */
            mini_mutex_unlock(&buf.m);
            condvar_notify_all(&buf.not_empty);
            return NULL;
        }
        int v = buf.items[buf.head];
        buf.head = (buf.head + 1) % SLOTS;
        buf.count--;
        if (buf.count < 0 || buf.count > SLOTS)
            buf.bad_count++;
        buf.seen[v]++;
        buf.taken++;
        bool last = buf.taken == TOTAL;
        mini_mutex_unlock(&buf.m);
        condvar_notify_all(&buf.not_full); /* room for every waiting producer */
        if (last)
            condvar_notify_all(&buf.not_empty);
    }
}

static void producer_consumer(void)
{
    memset(&buf, 0, sizeof buf);
    mini_mutex_init(&buf.m);
    condvar_init(&buf.not_empty);
    condvar_init(&buf.not_full);
    pthread_t p[PRODUCERS], c[CONSUMERS];
    for (int i = 0; i < CONSUMERS; i++)
        T_CHECK_EQ(pthread_create(&c[i], NULL, consumer, NULL), 0);
    for (int i = 0; i < PRODUCERS; i++)
        T_CHECK_EQ(pthread_create(&p[i], NULL, producer, (void *)(intptr_t)i), 0);
    for (int i = 0; i < PRODUCERS; i++)
        T_CHECK_EQ(pthread_join(p[i], NULL), 0);
    for (int i = 0; i < CONSUMERS; i++)
        T_CHECK_EQ(pthread_join(c[i], NULL), 0);
    T_CHECK_EQ(buf.taken, TOTAL);
    T_CHECK_EQ(buf.count, 0);
    T_CHECK_EQ(buf.bad_count, 0);
    int missing = 0, twice = 0;
    for (int v = 0; v < TOTAL; v++) {
        missing += buf.seen[v] == 0;
        twice += buf.seen[v] > 1;
    }
    T_CHECK_EQ(missing, 0);
    T_CHECK_EQ(twice, 0);
    T_CHECK_EQ(atomic_load(&buf.m.state.v), 0);
    T_CHECK_EQ(atomic_load(&buf.not_empty.state.v), CONDVAR_EMPTY);
    T_CHECK_EQ(atomic_load(&buf.not_full.state.v), CONDVAR_EMPTY);
    T_CHECK_EQ(queued_on_key(plat_key(&buf.not_empty)), 0);
    T_CHECK_EQ(queued_on_key(plat_key(&buf.not_full)), 0);
    T_CHECK_EQ(queued_on_key(plat_key(&buf.m)), 0);
}

/* ---- notify_all under the lock requeues everybody --------------------------------------- */

#define WAITERS 6

typedef struct gate {
    mini_mutex m;
    condvar cv;
    bool open;
    int inside, max_inside, through;
    int order[WAITERS];
} gate;

static gate g;

static void *gate_waiter(void *arg)
{
    int id = (int)(intptr_t)arg;
    mini_mutex_lock(&g.m);
    while (!g.open)
        condvar_wait(&g.cv, &g.m);
    if (++g.inside > g.max_inside)
        g.max_inside = g.inside;
    g.order[g.through++] = id;
    g.inside--;
    mini_mutex_unlock(&g.m);
    return NULL;
}

static void requeue_under_lock(void)
{
    memset(&g, 0, sizeof g);
    mini_mutex_init(&g.m);
    condvar_init(&g.cv);
    pthread_t t[WAITERS];
    for (int i = 0; i < WAITERS; i++)
        T_CHECK_EQ(pthread_create(&t[i], NULL, gate_waiter, (void *)(intptr_t)i), 0);
    double start = t_now_s();
    while (queued_on_key(plat_key(&g.cv)) < WAITERS && t_now_s() - start < 5.0)
        sleep_ms(1);
    T_CHECK_EQ(queued_on_key(plat_key(&g.cv)), WAITERS);

    mini_mutex_lock(&g.m);
    g.open = true;
    unsigned moved = condvar_notify_all(&g.cv);
    /* Still under the lock: nobody was woken, all six sleep on the mutex. */
    T_CHECK_EQ(moved, WAITERS);
    T_CHECK_EQ(queued_on_key(plat_key(&g.cv)), 0);
    T_CHECK_EQ(queued_on_key(plat_key(&g.m)), WAITERS);
    T_CHECK_EQ(atomic_load(&g.m.state.v), MINI_MUTEX_LOCKED | MINI_MUTEX_PARKED);
    T_CHECK_EQ(atomic_load(&g.cv.state.v), CONDVAR_EMPTY);
    T_CHECK_EQ(g.through, 0);
    mini_mutex_unlock(&g.m);

    for (int i = 0; i < WAITERS; i++)
        T_CHECK_EQ(pthread_join(t[i], NULL), 0);
    T_CHECK_EQ(g.through, WAITERS);
    T_CHECK_EQ(g.max_inside, 1);
    T_CHECK_EQ(atomic_load(&g.m.state.v), 0);
    t_note("order through the mutex: %d %d %d %d %d %d", g.order[0], g.order[1], g.order[2],
           g.order[3], g.order[4], g.order[5]);
}

/* ---- misuse -------------------------------------------------------------------------------- */

static mini_mutex first_m, second_m;
static condvar shared_cv;

static void *wait_on_first(void *arg)
{
    (void)arg;
    mini_mutex_lock(&first_m);
    condvar_wait(&shared_cv, &first_m); /* never notified: the test ends first */
    return NULL;
}

static void wait_with_second_mutex(void *arg)
{
    (void)arg;
    mini_mutex_init(&first_m);
    mini_mutex_init(&second_m);
    condvar_init(&shared_cv);
    pthread_t t;
    if (pthread_create(&t, NULL, wait_on_first, NULL) != 0)
        _exit(3);
    while (queued_on_key(plat_key(&shared_cv)) < 1)
        sleep_ms(1);
    mini_mutex_lock(&second_m);
    condvar_wait(&shared_cv, &second_m); /* aborts */
}

static void second_mutex_aborts(void)
{
    char err[512];
    t_expect_abort("wait with a second mutex", wait_with_second_mutex, NULL, err, sizeof err);
    T_CHECK_CONTAINS(err, "condvar.c:");
    T_CHECK_CONTAINS(err, "waited on a condvar with a second mutex");
}

/* ---- main -------------------------------------------------------------------------------- */

static const t_test tests[] = {
    {"condvar_producer_consumer", "correct", producer_consumer},
    {"condvar_producer_consumer_handoff", "handoff", producer_consumer},
    {"condvar_producer_consumer_wakes_all", "notify_all_wakes_all", producer_consumer},
    {"condvar_requeue_under_lock", "correct", requeue_under_lock},
    {"condvar_second_mutex_aborts", "correct", second_mutex_aborts},
};

int main(int argc, char **argv)
{
    return t_main(argc, argv, tests, T_COUNT(tests), plat_native_set_variant);
}
