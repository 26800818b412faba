/* FairSemaphore<N> (see fair_semaphore.h), as embassy-sync's semaphore.rs. */
#include "fair_semaphore.h"

#include "raw_mutex.h"

void embassy_fair_init(embassy_fair_semaphore *s, uint32_t permits, uint8_t n)
{
    plat_init32(&s->permits, permits);
    s->cap = n;
    s->cancel_bug = plat_variant_is("fair_cancel_bug");
    s->no_chained_wake = plat_variant_is("no_chained_wake");
}

static plat_a16 *embassy_fair_slot(embassy_fair_semaphore *s, uint32_t i)
{
    uint8_t head = plat_load8(&s->head, PLAT_RELAXED, AT("queue: where is the head?"));
    return &s->slots[(head + i) % s->cap];
}

/* Pops the empty slots at the head; each takes its ticket with it. */
static void embassy_fair_pop_canceled(embassy_fair_semaphore *s)
{
    for (;;) {
        uint8_t len = plat_load8(&s->len, PLAT_RELAXED, AT("pop_canceled: queue length"));
        if (len == 0)
            return;
        uint8_t head = plat_load8(&s->head, PLAT_RELAXED, AT("pop_canceled: head"));
        if (plat_load16(&s->slots[head], PLAT_RELAXED, AT("pop_canceled: is the head None?")))
            return;
        plat_store8(&s->head, (uint8_t)((head + 1) % s->cap), PLAT_RELAXED,
                    AT("pop_canceled: pop"));
        plat_store8(&s->len, (uint8_t)(len - 1), PLAT_RELAXED, AT("pop_canceled: pop"));
        plat_fetch_add32(&s->next_ticket, 1, PLAT_RELAXED, AT("pop_canceled: next_ticket += 1"));
    }
}

/* Wakes the head's waker and leaves it in its slot (wake_by_ref). */
static void embassy_fair_wake_head(embassy_fair_semaphore *s)
{
    if (plat_load8(&s->len, PLAT_RELAXED, AT("wake head: anybody queued?")) == 0)
        return;
    uint16_t w = plat_load16(embassy_fair_slot(s, 0), PLAT_RELAXED, AT("wake head: its waker"));
    if (w)
        embassy_wake(w - 1, AT("wake the head of the queue"));
}

/* The head takes n permits and leaves the queue. */
static void embassy_fair_take(embassy_fair_semaphore *s, uint32_t n)
{
    uint32_t left = plat_load32(&s->permits, PLAT_RELAXED, AT("take: permits")) - n;
    plat_store32(&s->permits, left, PLAT_RELAXED, AT("take: permits -= n"));
    uint8_t head = plat_load8(&s->head, PLAT_RELAXED, AT("take: head"));
    uint8_t len = plat_load8(&s->len, PLAT_RELAXED, AT("take: queue length"));
    plat_store16(&s->slots[head], 0, PLAT_RELAXED, AT("take: leave the queue"));
    plat_store8(&s->head, (uint8_t)((head + 1) % s->cap), PLAT_RELAXED,
                AT("take: leave the queue"));
    plat_store8(&s->len, (uint8_t)(len - 1), PLAT_RELAXED, AT("take: leave the queue"));
    plat_fetch_add32(&s->next_ticket, 1, PLAT_RELAXED, AT("take: next_ticket += 1"));
    if (left > 0 && !s->no_chained_wake) {
        embassy_fair_pop_canceled(s);
        embassy_fair_wake_head(s); /* the chained wake: permits remain */
    }
}

static embassy_poll embassy_fair_poll(embassy_future *fut)
{
    embassy_fair_acquire *f = (embassy_fair_acquire *)fut;
    embassy_fair_semaphore *s = f->s;
    plat_irq_state cs = embassy_raw_lock();
    embassy_fair_pop_canceled(s);
    uint32_t permits = plat_load32(&s->permits, PLAT_RELAXED, AT("acquire: permits"));
    uint8_t len = plat_load8(&s->len, PLAT_RELAXED, AT("acquire: queue length"));
    uint16_t me = (uint16_t)(plat_task_self() + 1);
    embassy_poll r = EMBASSY_PENDING;
    if (f->ticket >= 0) {
        uint32_t next = plat_load32(&s->next_ticket, PLAT_RELAXED, AT("acquire: next_ticket"));
        uint32_t pos = (uint32_t)f->ticket - next;
        if (pos == 0 && permits >= f->n) {
            embassy_fair_take(s, f->n);
            f->result = EMBASSY_ACQUIRED;
            r = EMBASSY_READY;
        } else {
            plat_store16(embassy_fair_slot(s, pos), me, PLAT_RELAXED,
                         AT("acquire: update my waker"));
        }
    } else if (len == 0 && permits >= f->n) {
        plat_store32(&s->permits, permits - f->n, PLAT_RELAXED, AT("acquire: nobody waits, take"));
        f->result = EMBASSY_ACQUIRED;
        r = EMBASSY_READY;
    } else if (len == s->cap) {
        f->result = EMBASSY_WAIT_QUEUE_FULL; /* completes with Err(WaitQueueFull) */
        r = EMBASSY_READY;
    } else {
        uint32_t next = plat_load32(&s->next_ticket, PLAT_RELAXED, AT("acquire: next_ticket"));
        f->ticket = (int64_t)next + len;
        plat_store16(embassy_fair_slot(s, len), me, PLAT_RELAXED, AT("acquire: queue my waker"));
        plat_store8(&s->len, (uint8_t)(len + 1), PLAT_RELAXED, AT("acquire: queue length += 1"));
    }
    if (r == EMBASSY_PENDING)
        embassy_set_await_point("fair semaphore acquire");
    embassy_raw_unlock(cs);
    f->done = r == EMBASSY_READY;
    return r;
}

/* FairAcquire's Drop: cancel. */
static void embassy_fair_drop(embassy_future *fut)
{
    embassy_fair_acquire *f = (embassy_fair_acquire *)fut;
    if (f->done || f->ticket < 0)
        return; /* never queued, or already left the queue */
    embassy_fair_semaphore *s = f->s;
    plat_irq_state cs = embassy_raw_lock();
    uint32_t next = plat_load32(&s->next_ticket, PLAT_RELAXED, AT("cancel: next_ticket"));
    uint32_t pos = (uint32_t)f->ticket - next;
    plat_store16(embassy_fair_slot(s, pos), 0, PLAT_RELAXED, AT("cancel: my slot = None"));
    if (pos == 0 && !s->cancel_bug) {
        /* The head may have been woken already: hand the wake on. */
        embassy_fair_pop_canceled(s);
        embassy_fair_wake_head(s);
    }
    embassy_raw_unlock(cs);
}

void embassy_fair_acquire_init(embassy_fair_acquire *f, embassy_fair_semaphore *s, uint32_t n)
{
    *f = (embassy_fair_acquire){
        .future = {embassy_fair_poll, embassy_fair_drop}, .s = s, .n = n, .ticket = -1};
}

bool embassy_fair_try_acquire(embassy_fair_semaphore *s, uint32_t n)
{
    plat_irq_state cs = embassy_raw_lock();
    embassy_fair_pop_canceled(s);
    bool ok = false;
    if (plat_load8(&s->len, PLAT_RELAXED, AT("try_acquire: anybody queued?")) == 0) {
        uint32_t permits = plat_load32(&s->permits, PLAT_RELAXED, AT("try_acquire: permits"));
        if (permits >= n) {
            plat_store32(&s->permits, permits - n, PLAT_RELAXED, AT("try_acquire: take"));
            ok = true;
        }
    }
    embassy_raw_unlock(cs);
    return ok;
}

void embassy_fair_release(embassy_fair_semaphore *s, uint32_t n)
{
    if (n == 0)
        return; /* upstream: release(0) adds nothing, so it wakes nobody */
    plat_irq_state cs = embassy_raw_lock();
    plat_fetch_add32(&s->permits, n, PLAT_RELAXED, AT("release: permits += n"));
    embassy_fair_pop_canceled(s);
    embassy_fair_wake_head(s);
    embassy_raw_unlock(cs);
}

uint32_t embassy_fair_set(embassy_fair_semaphore *s, uint32_t permits)
{
    plat_irq_state cs = embassy_raw_lock();
    uint32_t old = plat_load32(&s->permits, PLAT_RELAXED, AT("set: permits"));
    plat_store32(&s->permits, permits, PLAT_RELAXED, AT("set: permits = n"));
    if (permits > old) {
        embassy_fair_pop_canceled(s);
        embassy_fair_wake_head(s); /* only an increase wakes */
    }
    embassy_raw_unlock(cs);
    return old;
}

int embassy_fair_waiter(const embassy_fair_semaphore *s, int i)
{
    if (i >= s->len.v || s->cap == 0)
        return -1;
    return (int)s->slots[(s->head.v + i) % s->cap].v - 1;
}
