/*
 * The parking lot (see lot.h for the promise it keeps).
 *
 * Invariant: a waiter is in its key's bucket queue exactly from the moment its
 * validate succeeded (under the bucket lock) until an unparker removed it
 * (under the same lock); only then is its parker woken, outside the lock, to
 * keep the lock's hold time short.  A waiter's node lives on its own stack: it
 * cannot return before it is woken, and the unparker touches the node only
 * before waking it.
 *
 * A requeued waiter changes key and bucket while it sleeps; nothing else
 * about it changes, so the unparker of its new key wakes it like any other.
 *
 * Variants (the same code, a flag read once): `validate_outside` checks the
 * condition before taking the bucket lock, which opens the window for a lost
 * wakeup; `widen` also yields inside that window; `handoff` and
 * `notify_all_wakes_all` are read by the mutex and the condvar.
 */
#include "lot.h"

static void lot_init(void *data)
{
    lot *l = data;
    for (unsigned i = 0; i < LOT_BUCKETS; i++)
        plat_lock_init(&l->buckets[i].lock);
    l->widen = plat_variant_is("widen"); /* widen validates outside too */
    l->validate_outside = l->widen || plat_variant_is("validate_outside");
    l->handoff = plat_variant_is("handoff");
    l->notify_all_wakes_all = plat_variant_is("notify_all_wakes_all");
}

static lot lot_native_instance;
plat_global lot_global = {
    .name = "lot",
    .size = sizeof(lot),
    .elem_size = sizeof(lot_bucket),
    .init = lot_init,
    .native_storage = &lot_native_instance,
};

lot *lot_get(void) { return plat_global_get(&lot_global); }

unsigned lot_bucket_of(uintptr_t key)
{
    /* 64-bit arithmetic everywhere, so wasm32 picks the same bucket. */
    return (unsigned)(((uint64_t)key * LOT_FIBONACCI) >> (64 - LOT_BUCKET_BITS));
}

static void lot_enqueue(lot_bucket *b, lot_waiter *w)
{
    w->next = NULL;
    if (b->tail)
        b->tail->next = w;
    else
        b->head = w;
    b->tail = w;
}

/* Removes and returns the oldest waiter on key, or NULL. */
static lot_waiter *lot_dequeue(lot_bucket *b, uintptr_t key)
{
    lot_waiter *prev = NULL;
    for (lot_waiter *w = b->head; w; prev = w, w = w->next) {
        if (w->key != key)
            continue;
        if (prev)
            prev->next = w->next;
        else
            b->head = w->next;
        if (b->tail == w)
            b->tail = prev;
        w->next = NULL;
        return w;
    }
    return NULL;
}

static bool lot_has_key(const lot_bucket *b, uintptr_t key)
{
    for (const lot_waiter *w = b->head; w; w = w->next)
        if (w->key == key)
            return true;
    return false;
}

lot_park_result lot_park(uintptr_t key, bool (*validate)(void *arg),
                         void (*before_sleep)(void *arg), void *arg)
{
    lot *l = lot_get();
    lot_bucket *b = &l->buckets[lot_bucket_of(key)];
    plat_parker *me = plat_parker_self();
    lot_waiter w = {.key = key, .parker = me, .token = LOT_TOKEN_NORMAL};
    plat_parker_prepare(me, AT("reset my parker"));

    if (l->validate_outside) {
        /* The bug: the condition is checked with nobody holding the bucket
         * lock, so an unparker can change it and look for us before we queue. */
        if (!validate(arg)) {
            plat_note(AT("validate failed"), 0);
            return (lot_park_result){false, 0};
        }
        plat_note(AT("validate ok"), 1);
        if (l->widen)
            plat_yield(AT("widen the window"));
        plat_lock_acquire(&b->lock, AT("lock bucket"));
    } else {
        plat_lock_acquire(&b->lock, AT("lock bucket"));
        /* Under the lock the explorer forgets nothing unless told what we
         * keep (plat.h): here, nothing but our arguments, whatever brought
         * us here, and so at each step below. */
        plat_loop_state(AT("park: locked"), key);
        if (!validate(arg)) {
            plat_note(AT("validate failed"), 0);
            plat_loop_state(AT("park: validate failed"), key);
            plat_lock_release(&b->lock, AT("unlock bucket"));
            return (lot_park_result){false, 0};
        }
        plat_note(AT("validate ok"), 1);
    }
    lot_enqueue(b, &w);
    plat_note(AT("enqueue"), (int64_t)lot_bucket_of(key));
    plat_loop_state(AT("park: queued"), key);
    plat_lock_release(&b->lock, AT("unlock bucket"));

    /* Queued and visible to unparkers: whatever before_sleep lets happen
     * (a notify after the condvar's mutex is released) will find us. */
    if (before_sleep)
        before_sleep(arg);
    /* Asleep, we are our node and nothing else: what we do once woken reads
     * only w.token, and our callers keep nothing across the park but their
     * arguments (the mutex starts over with a fresh read and a fresh spin;
     * the condvar returns or locks its mutex). */
    plat_sleep_state(&w, sizeof w);
    plat_parker_sleep(me, AT("sleep on my parker"));
    /* The wake is used up: every park begins with a prepare (above). */
    plat_parker_done(me);
    return (lot_park_result){true, w.token};
}

bool lot_unpark_one(uintptr_t key, uintptr_t (*callback)(void *arg, bool unparked, bool have_more),
                    void *arg)
{
    lot_bucket *b = &lot_get()->buckets[lot_bucket_of(key)];
    plat_lock_acquire(&b->lock, AT("lock bucket"));
    lot_waiter *w = lot_dequeue(b, key);
    bool have_more = lot_has_key(b, key);
    plat_note(w ? AT("dequeue") : AT("no waiter"), have_more);
    /* All we keep of the queue we read: whom we took, whether more wait. */
    plat_loop_state(AT("unpark: dequeued"), (uintptr_t)w, have_more);
    /* Still under the bucket lock: a parker validating now must wait for us. */
    uintptr_t token = callback(arg, w != NULL, have_more);
    plat_parker *parker = NULL;
    if (w) {
        w->token = token;
        parker = w->parker; /* read before waking: the node dies with the wake */
    }
    plat_loop_state(AT("unpark: token given"), (uintptr_t)parker);
    plat_lock_release(&b->lock, AT("unlock bucket"));
    if (parker)
        plat_parker_wake(parker, AT("wake the waiter"));
    return parker != NULL;
}

unsigned lot_unpark_all(uintptr_t key, uintptr_t token)
{
    lot_bucket *b = &lot_get()->buckets[lot_bucket_of(key)];
    lot_waiter *woken = NULL, **tail = &woken;
    unsigned n = 0;
    plat_lock_acquire(&b->lock, AT("lock bucket"));
    for (lot_waiter *w; (w = lot_dequeue(b, key)) != NULL; n++) {
        w->token = token;
        *tail = w;
        tail = &w->next;
    }
    plat_note(AT("dequeue all"), n);
    plat_lock_release(&b->lock, AT("unlock bucket"));
    for (lot_waiter *w = woken, *next; w; w = next) {
        next = w->next; /* read first: once woken, the node may vanish */
        plat_parker_wake(w->parker, AT("wake a waiter"));
    }
    return n;
}

lot_requeue_result
lot_unpark_requeue(uintptr_t from, uintptr_t to, lot_requeue_op (*validate)(void *arg),
                   void (*callback)(void *arg, lot_requeue_op op, lot_requeue_result result),
                   void *arg)
{
    lot *l = lot_get();
    unsigned bf = lot_bucket_of(from), bt = lot_bucket_of(to);
    /* Two bucket locks are always taken in index order, so two requeues in
     * opposite directions cannot deadlock. */
    lot_bucket *first = &l->buckets[bf < bt ? bf : bt], *second = &l->buckets[bf < bt ? bt : bf];
    plat_lock_acquire(&first->lock, AT("lock first bucket"));
    if (second != first)
        plat_lock_acquire(&second->lock, AT("lock second bucket"));

    lot_requeue_result result = {0, 0, false};
    lot_requeue_op op = validate(arg);
    lot_waiter *wake = NULL;
    if (op != LOT_REQUEUE_ABORT) {
        lot_bucket *src = &l->buckets[bf], *dst = &l->buckets[bt];
        bool wake_one = op == LOT_UNPARK_ONE_REQUEUE_REST || op == LOT_UNPARK_ONE;
        bool just_one = op == LOT_UNPARK_ONE || op == LOT_REQUEUE_ONE;
        if (wake_one && (wake = lot_dequeue(src, from)) != NULL)
            result.unparked = 1;
        /* Take the movers out first: with from == to, queueing each one again
         * as it is found would find it again, forever. */
        lot_waiter *moving = NULL, **tail = &moving;
        if (!wake_one || !just_one) {
            for (lot_waiter *w; (w = lot_dequeue(src, from)) != NULL;) {
                *tail = w;
                tail = &w->next;
                result.requeued++;
                if (just_one)
                    break;
            }
        }
        if (just_one)
            result.have_more = lot_has_key(src, from);
        for (lot_waiter *w = moving, *next; w; w = next) {
            next = w->next;
            w->key = to;
            lot_enqueue(dst, w);
        }
        plat_note(AT("requeued"), result.requeued);
    }
    callback(arg, op, result);
    plat_parker *parker = NULL;
    if (wake) {
        wake->token = LOT_TOKEN_NORMAL;
        parker = wake->parker; /* read before waking: the node dies with the wake */
    }
    if (second != first)
        plat_lock_release(&second->lock, AT("unlock second bucket"));
    plat_lock_release(&first->lock, AT("unlock first bucket"));
    if (parker)
        plat_parker_wake(parker, AT("wake the waiter"));
    return result;
}
