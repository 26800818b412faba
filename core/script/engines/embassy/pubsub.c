/*
 * PubSubChannel<CAP, SUBS, PUBS> of engine embassy, each task's subscriber
 * and publisher.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

/* A scenario task holds at most one subscriber and one publisher of a
 * channel.  `publish` goes through the task's own publisher or, when it took
 * none, through one another task took: upstream's publish(&self) lets tasks
 * share a `&'static Publisher`, which is how more tasks than PUBS can wait
 * to publish.  try_publish and publish_immediate need no publisher (an
 * ImmediatePublisher takes no place). */
typedef struct embassy_pubsub_obj {
    embassy_pubsub ch;
    embassy_subscriber subs[EMBASSY_MAX_TASKS]; /* .ch set: the task holds a subscriber */
    uint8_t publisher[EMBASSY_MAX_TASKS];       /* the task holds a publisher */
} embassy_pubsub_obj;

static int embassy_pubsub_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 1 || params[0] > EMBASSY_PUBSUB_CAP_MAX) {
        snprintf(err, es, "cap (the messages it can queue) must be between 1 and %d",
                 EMBASSY_PUBSUB_CAP_MAX);
        return -1;
    }
    for (int i = 1; i <= 2; i++)
        if (params[i] < 1 || params[i] > EMBASSY_MULTI_MAX) {
            snprintf(err, es, "%s must be between 1 and %d", i == 1 ? "subs" : "pubs",
                     EMBASSY_MULTI_MAX);
            return -1;
        }
    embassy_pubsub_init(&((embassy_pubsub_obj *)o)->ch, (uint8_t)params[0], (uint8_t)params[1],
                        (uint8_t)params[2]);
    return 0;
}

/* A message is a number from 0 to 2^31 - 1, so that next_message can say
 * Lagged(n) as -n. */
static bool embassy_pubsub_value_ok(int64_t v)
{
    if (v >= 0 && v <= INT32_MAX)
        return true;
    plat_misuse(AT("pubsub: a message"), "a message must be between 0 and 2147483647");
    return false;
}

/* The calling task's subscriber, or NULL (a misuse) when it holds none. */
static embassy_subscriber *embassy_my_sub(embassy_pubsub_obj *po, const char *op)
{
    embassy_subscriber *sub = &po->subs[plat_task_self()];
    if (sub->ch)
        return sub;
    plat_misuse(AT("pubsub: this task's subscriber"), op);
    return NULL;
}

/* channel.subscriber(): the id of the first message it will read, or -1 for
 * Err(MaximumSubscribersReached). */
static int64_t embassy_pubsub_subscribe_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_pubsub_obj *po = o;
    embassy_subscriber *sub = &po->subs[plat_task_self()];
    if (sub->ch) {
        plat_misuse(AT("pubsub: this task's subscriber"), "this task holds a subscriber already");
        return -1;
    }
    return embassy_pubsub_subscribe(&po->ch, sub) ? (int64_t)sub->next_id : -1;
}

/* Dropping the task's subscriber: how many messages that took out of the queue. */
static int64_t embassy_pubsub_unsubscribe_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_subscriber *sub = embassy_my_sub(o, "unsubscribe: this task holds no subscriber");
    return sub ? embassy_pubsub_unsubscribe(sub) : 0;
}

/* subscriber.next_message().await: the message, or -n for Lagged(n). */
static int64_t embassy_pubsub_next_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_subscriber *sub =
        embassy_my_sub(o, "next_message needs a subscriber (subscribe first)");
    if (!sub)
        return 0;
    embassy_pubsub_next f;
    embassy_pubsub_next_init(&f, sub);
    embassy_await(&f.future);
    return f.lagged ? -(int64_t)f.lagged : (int64_t)f.value;
}

/* channel.publisher(): how many publishers there are now, or -1 for
 * Err(MaximumPublishersReached). */
static int64_t embassy_pubsub_publisher_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_pubsub_obj *po = o;
    uint8_t *mine = &po->publisher[plat_task_self()];
    if (*mine) {
        plat_misuse(AT("pubsub: this task's publisher"), "this task holds a publisher already");
        return -1;
    }
    if (!embassy_pubsub_take_publisher(&po->ch))
        return -1;
    *mine = 1;
    return po->ch.publishers.v;
}

static int64_t embassy_pubsub_drop_publisher_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_pubsub_obj *po = o;
    uint8_t *mine = &po->publisher[plat_task_self()];
    if (!*mine) {
        plat_misuse(AT("pubsub: this task's publisher"),
                    "drop_publisher: this task holds no publisher");
        return 0;
    }
    *mine = 0;
    embassy_pubsub_drop_publisher(&po->ch);
    return 0;
}

/* publisher.publish(value).await: the polls it took. */
static int64_t embassy_pubsub_publish_op(void *o, const int64_t *args)
{
    embassy_pubsub_obj *po = o;
    if (!embassy_pubsub_value_ok(args[0]))
        return 0;
    if (!po->publisher[plat_task_self()] && po->ch.publishers.v == 0) {
        plat_misuse(AT("pubsub: this task's publisher"),
                    "publish needs a publisher (publisher first, in this task or another)");
        return 0;
    }
    embassy_pubsub_publish f;
    embassy_pubsub_publish_init(&f, &po->ch, (uint32_t)args[0]);
    return embassy_await(&f.future);
}

/* try_publish(value): 1 for Ok, 0 for Err (the queue is full). */
static int64_t embassy_pubsub_try_publish_op(void *o, const int64_t *args)
{
    if (!embassy_pubsub_value_ok(args[0]))
        return 0;
    return embassy_pubsub_try_publish(&((embassy_pubsub_obj *)o)->ch, (uint32_t)args[0]);
}

static int64_t embassy_pubsub_publish_immediate_op(void *o, const int64_t *args)
{
    if (embassy_pubsub_value_ok(args[0]))
        embassy_pubsub_publish_immediate(&((embassy_pubsub_obj *)o)->ch, (uint32_t)args[0]);
    return 0;
}

static int64_t embassy_pubsub_len(const void *o)
{
    return ((const embassy_pubsub_obj *)o)->ch.len.v;
}
static int64_t embassy_pubsub_next_id(const void *o)
{
    return ((const embassy_pubsub_obj *)o)->ch.next_id.v;
}
static int64_t embassy_pubsub_subscribers(const void *o)
{
    return ((const embassy_pubsub_obj *)o)->ch.subscribers.v;
}
static int64_t embassy_pubsub_publishers(const void *o)
{
    return ((const embassy_pubsub_obj *)o)->ch.publishers.v;
}

/* "cap", "subs", "pubs", "messages": [{"id", "value", "remaining"}] oldest first,
 * "subscribers": [{"task", "next_id"}], and the two waker lists (task numbers). */
static void embassy_pubsub_describe(const void *o, sim_machine *m, jbuf *b)
{
    const embassy_pubsub_obj *po = o;
    const embassy_pubsub *ch = &po->ch;
    jb_key(b, "cap");
    jb_int(b, ch->cap);
    jb_key(b, "subs");
    jb_int(b, ch->subscriber_wakers.cap);
    jb_key(b, "pubs");
    jb_int(b, ch->publisher_wakers.cap);
    jb_key(b, "messages");
    jb_raw(b, "[");
    uint32_t first = ch->next_id.v - ch->len.v;
    for (int i = 0; i < ch->len.v; i++) {
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "id");
        jb_int(b, first + (uint32_t)i);
        jb_key(b, "value");
        jb_int(b, embassy_pubsub_peek_value(ch, i));
        jb_key(b, "remaining");
        jb_int(b, embassy_pubsub_peek_remaining(ch, i));
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    jb_key(b, "subscribers");
    jb_raw(b, "[");
    for (int i = 0; i < EMBASSY_MAX_TASKS && i < sim_actor_count(m); i++) {
        if (!po->subs[i].ch)
            continue;
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "task");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "next_id");
        jb_int(b, po->subs[i].next_id);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    embassy_multi_waker_json(b, "subscriber_wakers", &ch->subscriber_wakers);
    embassy_multi_waker_json(b, "publisher_wakers", &ch->publisher_wakers);
}

/* Why a task waits on a channel: to publish into a full queue (and whether
 * the oldest message's readers still exist), or for its next message. */
static void embassy_say_pubsub_full(const sim_blocked *r, char *buf, size_t size)
{
    long long left = sim_blocked_num_of(r, "remaining", 0);
    long long owing = sim_blocked_num_of(r, "owing", 0);
    int n = snprintf(buf, size,
                     "waits to publish into %s: the queue is full (%lld of %lld) and its oldest "
                     "message (id %lld) waits for %lld more %s",
                     sim_blocked_text_of(r, "object"), (long long)sim_blocked_num_of(r, "len", 0),
                     (long long)sim_blocked_num_of(r, "len", 0),
                     (long long)sim_blocked_num_of(r, "oldest", 0), left,
                     left == 1 ? "reader" : "readers");
    if (owing < left && n > 0 && (size_t)n < size)
        snprintf(buf + n, size - (size_t)n,
                 ", but only %lld %s yet to read it: it will never leave", owing,
                 owing == 1 ? "subscriber has" : "subscribers have");
}
static void embassy_say_pubsub_next(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "waits for message id %lld on %s (next_message)",
             (long long)sim_blocked_num_of(r, "next", 0), sim_blocked_text_of(r, "object"));
}
static const sim_blocked_code embassy_pubsub_full_code = {"embassy.pubsub.full",
                                                          embassy_say_pubsub_full};
static const sim_blocked_code embassy_pubsub_next_code = {"embassy.pubsub.next",
                                                          embassy_say_pubsub_next};

static bool embassy_multi_waker_holds(const embassy_multi_waker *w, int actor)
{
    for (int i = 0; i < w->len.v; i++)
        if (embassy_multi_waker_peek(w, i) == actor)
            return true;
    return false;
}

static bool embassy_pubsub_explain(const void *o, const char *name, sim_machine *m, int actor,
                                   sim_blocked *r)
{
    (void)m;
    const embassy_pubsub_obj *po = o;
    const embassy_pubsub *ch = &po->ch;
    if (embassy_multi_waker_holds(&ch->publisher_wakers, actor)) {
        uint32_t oldest = ch->next_id.v - ch->len.v;
        int owing = 0; /* subscribers whose next id is at or before the oldest */
        for (int i = 0; i < EMBASSY_MAX_TASKS; i++)
            owing += po->subs[i].ch && (int32_t)(po->subs[i].next_id - oldest) <= 0;
        sim_blocked_set(r, &embassy_pubsub_full_code);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "len", ch->len.v);
        sim_blocked_num(r, "oldest", oldest);
        sim_blocked_num(r, "remaining", ch->len.v ? embassy_pubsub_peek_remaining(ch, 0) : 0);
        sim_blocked_num(r, "owing", owing);
        return true;
    }
    if (actor < EMBASSY_MAX_TASKS && po->subs[actor].ch &&
        embassy_multi_waker_holds(&ch->subscriber_wakers, actor)) {
        sim_blocked_set(r, &embassy_pubsub_next_code);
        sim_blocked_text(r, "object", name);
        sim_blocked_num(r, "next", po->subs[actor].next_id);
        return true;
    }
    return false;
}

static const script_op embassy_pubsub_ops[] = {
    {.name = "subscribe", .run = embassy_pubsub_subscribe_op},
    {.name = "unsubscribe", .run = embassy_pubsub_unsubscribe_op},
    {.name = "next_message", .run = embassy_pubsub_next_op},
    {.name = "publisher", .run = embassy_pubsub_publisher_op},
    {.name = "drop_publisher", .run = embassy_pubsub_drop_publisher_op},
    {.name = "publish", SCRIPT_ARGS("value"), .run = embassy_pubsub_publish_op},
    {.name = "try_publish", SCRIPT_ARGS("value"), .run = embassy_pubsub_try_publish_op},
    {.name = "publish_immediate", SCRIPT_ARGS("value"), .run = embassy_pubsub_publish_immediate_op},
};
static const script_field embassy_pubsub_fields[] = {
    {.name = "len", .read = embassy_pubsub_len},
    {.name = "next_id", .read = embassy_pubsub_next_id},
    {.name = "subscribers", .read = embassy_pubsub_subscribers},
    {.name = "publishers", .read = embassy_pubsub_publishers},
};

/* Every pubsub channel takes 1024 bytes of address space, on any word size. */
#define PUBSUB_FOOTPRINT 1024
_Static_assert(sizeof(embassy_pubsub_obj) <= PUBSUB_FOOTPRINT,
               "a pubsub channel outgrew its footprint");

const script_type type_embassy_pubsub = {
    .name = "pubsub",
    .engine = "embassy",
    .summary = "PubSubChannel<CAP, SUBS, PUBS>: every subscriber reads every message; "
               "subscribers and publishers wait in two MultiWakerRegistrations",
    .size = sizeof(embassy_pubsub_obj),
    .footprint = PUBSUB_FOOTPRINT,
    SCRIPT_PARAMS("cap", "subs", "pubs"),
    .param_defaults = {4, 4, 4},
    .init = embassy_pubsub_setup,
    SCRIPT_OPS(embassy_pubsub_ops),
    SCRIPT_FIELDS(embassy_pubsub_fields),
    .describe = embassy_pubsub_describe,
    .explain_block = embassy_pubsub_explain,
};
