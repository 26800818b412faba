/* PubSubChannel (see pubsub.h), as embassy-sync's pubsub/mod.rs (PubSubState),
 * publisher.rs and subscriber.rs.  Everything below the raw mutex is
 * PubSubState's; the ring stands for its heapless Deque. */
#include "pubsub.h"

#include "raw_mutex.h"

void embassy_pubsub_init(embassy_pubsub *ch, uint8_t cap, uint8_t subs, uint8_t pubs)
{
    ch->cap = cap < 1 ? 1 : cap > EMBASSY_PUBSUB_CAP_MAX ? EMBASSY_PUBSUB_CAP_MAX : cap;
    embassy_multi_waker_init(&ch->subscriber_wakers, subs);
    embassy_multi_waker_init(&ch->publisher_wakers, pubs);
}

/* The ring index of the i-th message, oldest first. */
static unsigned embassy_pubsub_slot(const embassy_pubsub *ch, unsigned head, unsigned i)
{
    return (head + i) % ch->cap;
}

/* queue.pop_front(): the oldest message leaves. */
static void embassy_pubsub_pop_front(embassy_pubsub *ch, uint8_t len, plat_site at)
{
    uint8_t head = plat_load8(&ch->head, PLAT_RELAXED, AT("pop_front: where the oldest is"));
    plat_store8(&ch->head, (uint8_t)embassy_pubsub_slot(ch, head, 1), PLAT_RELAXED, at);
    plat_store8(&ch->len, (uint8_t)(len - 1), PLAT_RELAXED, AT("pop_front: one message fewer"));
}

/* PubSubState::try_publish, under the raw mutex. */
static bool embassy_pubsub_try_publish_locked(embassy_pubsub *ch, uint32_t value)
{
    uint8_t subs = plat_load8(&ch->subscribers, PLAT_RELAXED, AT("try_publish: subscriber_count"));
    if (subs == 0)
        return true; /* nobody would ever read it: Ok, and it goes nowhere */
    uint8_t len = plat_load8(&ch->len, PLAT_RELAXED, AT("try_publish: is the queue full?"));
    if (len == ch->cap)
        return false;
    uint8_t head = plat_load8(&ch->head, PLAT_RELAXED, AT("try_publish: where the queue starts"));
    unsigned at = embassy_pubsub_slot(ch, head, len);
    plat_store32(&ch->values[at], value, PLAT_RELAXED, AT("try_publish: push_back the message"));
    plat_store8(&ch->remaining[at], subs, PLAT_RELAXED,
                AT("try_publish: every subscriber still has to read it"));
    plat_store8(&ch->len, (uint8_t)(len + 1), PLAT_RELAXED, AT("try_publish: one message more"));
    plat_fetch_add32(&ch->next_id, 1, PLAT_RELAXED, AT("try_publish: next_message_id += 1"));
    embassy_multi_waker_wake(&ch->subscriber_wakers);
    return true;
}

bool embassy_pubsub_try_publish(embassy_pubsub *ch, uint32_t value)
{
    plat_irq_state cs = embassy_raw_lock();
    bool ok = embassy_pubsub_try_publish_locked(ch, value);
    embassy_raw_unlock(cs);
    return ok;
}

void embassy_pubsub_publish_immediate(embassy_pubsub *ch, uint32_t value)
{
    plat_irq_state cs = embassy_raw_lock();
    uint8_t len = plat_load8(&ch->len, PLAT_RELAXED, AT("publish_immediate: is the queue full?"));
    if (len == ch->cap) /* no publisher is woken: the room is taken at once */
        embassy_pubsub_pop_front(ch, len, AT("publish_immediate: full, drop the oldest message"));
    embassy_pubsub_try_publish_locked(ch, value); /* there is room now: Ok */
    embassy_raw_unlock(cs);
}

static embassy_poll embassy_pubsub_publish_poll(embassy_future *fut)
{
    embassy_pubsub_publish *f = (embassy_pubsub_publish *)fut;
    plat_irq_state cs = embassy_raw_lock();
    bool ok = embassy_pubsub_try_publish_locked(f->ch, f->value);
    if (!ok) {
        embassy_multi_waker_register(&f->ch->publisher_wakers);
        embassy_set_await_point("pubsub publish (queue full)");
    }
    embassy_raw_unlock(cs);
    return ok ? EMBASSY_READY : EMBASSY_PENDING;
}

void embassy_pubsub_publish_init(embassy_pubsub_publish *f, embassy_pubsub *ch, uint32_t value)
{
    *f = (embassy_pubsub_publish){
        .future = {embassy_pubsub_publish_poll, NULL}, .ch = ch, .value = value};
}

/* PubSubState::get_message, and the subscriber's bookkeeping around it. */
static embassy_poll embassy_pubsub_next_poll(embassy_future *fut)
{
    embassy_pubsub_next *f = (embassy_pubsub_next *)fut;
    embassy_pubsub *ch = f->sub->ch;
    uint32_t mine = f->sub->next_id;
    embassy_poll r = EMBASSY_READY;
    plat_irq_state cs = embassy_raw_lock();
    uint32_t next = plat_load32(&ch->next_id, PLAT_RELAXED, AT("next_message: next_message_id"));
    uint8_t len = plat_load8(&ch->len, PLAT_RELAXED, AT("next_message: queue.len()"));
    uint32_t start = next - len; /* the oldest message's id */
    if ((int32_t)(mine - start) < 0) {
        /* the messages it had not read were dropped by publish_immediate */
        f->lagged = start - mine;
        f->sub->next_id = start;
        plat_note(AT("next_message: Lagged"), f->lagged);
    } else if (mine - start >= len) {
        embassy_multi_waker_register(&ch->subscriber_wakers);
        embassy_set_await_point("pubsub next_message");
        r = EMBASSY_PENDING;
    } else {
        unsigned i = mine - start;
        uint8_t head =
            plat_load8(&ch->head, PLAT_RELAXED, AT("next_message: where the queue starts"));
        unsigned at = embassy_pubsub_slot(ch, head, i);
        uint8_t left = plat_load8(&ch->remaining[at], PLAT_RELAXED,
                                  AT("next_message: readers still to read it"));
        plat_store8(&ch->remaining[at], (uint8_t)(left - 1), PLAT_RELAXED,
                    AT("next_message: one reader fewer"));
        f->value = plat_load32(&ch->values[at], PLAT_RELAXED, AT("next_message: read the message"));
        f->lagged = 0;
        f->sub->next_id = mine + 1;
        if (i == 0 && left == 1) { /* its last reader: the oldest leaves, a publisher may go */
            embassy_pubsub_pop_front(ch, len, AT("next_message: last reader, pop_front"));
            embassy_multi_waker_wake(&ch->publisher_wakers);
        }
    }
    embassy_raw_unlock(cs);
    return r;
}

void embassy_pubsub_next_init(embassy_pubsub_next *f, embassy_subscriber *sub)
{
    *f = (embassy_pubsub_next){.future = {embassy_pubsub_next_poll, NULL}, .sub = sub};
}

bool embassy_pubsub_subscribe(embassy_pubsub *ch, embassy_subscriber *sub)
{
    plat_irq_state cs = embassy_raw_lock();
    uint8_t subs = plat_load8(&ch->subscribers, PLAT_RELAXED, AT("subscriber: subscriber_count"));
    bool ok = subs < ch->subscriber_wakers.cap; /* SUBS */
    if (ok) {
        plat_store8(&ch->subscribers, (uint8_t)(subs + 1), PLAT_RELAXED,
                    AT("subscriber: subscriber_count += 1"));
        uint32_t next =
            plat_load32(&ch->next_id, PLAT_RELAXED, AT("subscriber: it starts at next_message_id"));
        *sub = (embassy_subscriber){.ch = ch, .next_id = next};
    }
    embassy_raw_unlock(cs);
    return ok;
}

/* PubSubState::unregister_subscriber. */
uint32_t embassy_pubsub_unsubscribe(embassy_subscriber *sub)
{
    embassy_pubsub *ch = sub->ch;
    uint32_t popped = 0;
    plat_irq_state cs = embassy_raw_lock();
    uint8_t subs =
        plat_load8(&ch->subscribers, PLAT_RELAXED, AT("drop subscriber: subscriber_count"));
    plat_store8(&ch->subscribers, (uint8_t)(subs - 1), PLAT_RELAXED,
                AT("drop subscriber: subscriber_count -= 1"));
    uint32_t next = plat_load32(&ch->next_id, PLAT_RELAXED, AT("drop subscriber: next_message_id"));
    uint8_t len = plat_load8(&ch->len, PLAT_RELAXED, AT("drop subscriber: queue.len()"));
    uint32_t start = next - len;
    /* Upstream counts a reader off only when the subscriber had not lagged
     * (next id >= the oldest id): a lagged one is still owed every queued
     * message, and those keep its count for ever. */
    if ((int32_t)(sub->next_id - start) >= 0) {
        uint8_t head =
            plat_load8(&ch->head, PLAT_RELAXED, AT("drop subscriber: where the queue starts"));
        for (unsigned i = sub->next_id - start; i < len; i++) {
            unsigned at = embassy_pubsub_slot(ch, head, i);
            uint8_t left = plat_load8(&ch->remaining[at], PLAT_RELAXED,
                                      AT("drop subscriber: readers of an unread message"));
            plat_store8(&ch->remaining[at], (uint8_t)(left - 1), PLAT_RELAXED,
                        AT("drop subscriber: one reader fewer"));
        }
        while (len > 0) {
            head =
                plat_load8(&ch->head, PLAT_RELAXED, AT("drop subscriber: where the queue starts"));
            if (plat_load8(&ch->remaining[head], PLAT_RELAXED,
                           AT("drop subscriber: does the oldest still have readers?")) != 0)
                break;
            embassy_pubsub_pop_front(ch, len--, AT("drop subscriber: nobody left to read it, pop"));
            popped++;
        }
        if (popped)
            embassy_multi_waker_wake(&ch->publisher_wakers);
    }
    embassy_raw_unlock(cs);
    sub->ch = NULL;
    return popped;
}

bool embassy_pubsub_take_publisher(embassy_pubsub *ch)
{
    plat_irq_state cs = embassy_raw_lock();
    uint8_t pubs = plat_load8(&ch->publishers, PLAT_RELAXED, AT("publisher: publisher_count"));
    bool ok = pubs < ch->publisher_wakers.cap; /* PUBS */
    if (ok)
        plat_store8(&ch->publishers, (uint8_t)(pubs + 1), PLAT_RELAXED,
                    AT("publisher: publisher_count += 1"));
    embassy_raw_unlock(cs);
    return ok;
}

void embassy_pubsub_drop_publisher(embassy_pubsub *ch)
{
    plat_irq_state cs = embassy_raw_lock();
    uint8_t pubs = plat_load8(&ch->publishers, PLAT_RELAXED, AT("drop publisher: publisher_count"));
    plat_store8(&ch->publishers, (uint8_t)(pubs - 1), PLAT_RELAXED,
                AT("drop publisher: publisher_count -= 1"));
    embassy_raw_unlock(cs);
}

uint32_t embassy_pubsub_peek_value(const embassy_pubsub *ch, int i)
{
    return ch->values[embassy_pubsub_slot(ch, ch->head.v, (unsigned)i)].v;
}

uint8_t embassy_pubsub_peek_remaining(const embassy_pubsub *ch, int i)
{
    return ch->remaining[embassy_pubsub_slot(ch, ch->head.v, (unsigned)i)].v;
}
