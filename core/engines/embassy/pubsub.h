/*
 * pubsub.h: PubSubChannel<CAP, SUBS, PUBS>, a queue every subscriber reads
 * all of, with one MultiWakerRegistration for subscribers and one for
 * publishers.
 *
 * Invariant (under the raw mutex): the queue holds at most CAP messages, the
 * oldest first, with ids next_id - len .. next_id - 1; each carries the number
 * of subscribers that still have to read it, and those numbers never fall
 * from the oldest message to the newest (whoever still owes an old message
 * owes every newer one).  A message leaves the queue when the oldest one's
 * number reaches 0 (its last reader took it, or that reader unsubscribed),
 * and then every waiting publisher is woken; publish_immediate instead
 * drops the oldest message when the queue is full, so a subscriber that had
 * not read it finds its next id below the oldest one and learns it lagged.
 * At most SUBS subscribers and PUBS publishers exist at once; immediate
 * publishing needs no publisher.
 */
#ifndef LOCKSTEP_EMBASSY_PUBSUB_H
#define LOCKSTEP_EMBASSY_PUBSUB_H

#include "multi_waker.h"

#define EMBASSY_PUBSUB_CAP_MAX 8

typedef struct embassy_pubsub {
    plat_a32 values[EMBASSY_PUBSUB_CAP_MAX];   /* a ring: the oldest at `head` */
    plat_a8 remaining[EMBASSY_PUBSUB_CAP_MAX]; /* readers still to read each message */
    plat_a8 head;
    plat_a8 len;
    plat_a32 next_id; /* the id the next published message gets (upstream: u64) */
    plat_a8 subscribers;
    plat_a8 publishers;
    embassy_multi_waker subscriber_wakers; /* MultiWakerRegistration<SUBS> */
    embassy_multi_waker publisher_wakers;  /* MultiWakerRegistration<PUBS> */
    uint8_t cap;                           /* CAP */
} embassy_pubsub;

/* A subscriber: the id of the next message it is yet to read. */
typedef struct embassy_subscriber {
    embassy_pubsub *ch;
    uint32_t next_id;
} embassy_subscriber;

/* publisher.publish(value): Ready once the value is in the queue. */
typedef struct embassy_pubsub_publish {
    embassy_future future;
    embassy_pubsub *ch;
    uint32_t value;
} embassy_pubsub_publish;

/* subscriber.next_message(): Ready with WaitResult::Message(value) or
 * WaitResult::Lagged(lagged), lagged > 0. */
typedef struct embassy_pubsub_next {
    embassy_future future;
    embassy_subscriber *sub;
    uint32_t lagged; /* once Ready: 0 for a message */
    uint32_t value;
} embassy_pubsub_next;

void embassy_pubsub_init(embassy_pubsub *ch, uint8_t cap, uint8_t subs, uint8_t pubs);
/* channel.subscriber(): false for Err(MaximumSubscribersReached); otherwise
 * *sub reads the messages published from now on. */
bool embassy_pubsub_subscribe(embassy_pubsub *ch, embassy_subscriber *sub);
/* Dropping the subscriber: every message it had not read has one reader
 * fewer; returns how many messages that took out of the queue. */
uint32_t embassy_pubsub_unsubscribe(embassy_subscriber *sub);
/* channel.publisher(): false for Err(MaximumPublishersReached). */
bool embassy_pubsub_take_publisher(embassy_pubsub *ch);
/* Dropping a publisher: its place is free again. */
void embassy_pubsub_drop_publisher(embassy_pubsub *ch);
/* try_publish(value): false (Err) when the queue is full; with no subscriber
 * the value is taken (Ok) and goes nowhere. */
bool embassy_pubsub_try_publish(embassy_pubsub *ch, uint32_t value);
/* publish_immediate(value): never waits; a full queue drops its oldest. */
void embassy_pubsub_publish_immediate(embassy_pubsub *ch, uint32_t value);
/* publish(value).await: Pending, registered among the publishers' wakers,
 * while the queue is full.  Dropping it does nothing (upstream has no Drop). */
void embassy_pubsub_publish_init(embassy_pubsub_publish *f, embassy_pubsub *ch, uint32_t value);
/* next_message().await: Pending, registered among the subscribers' wakers,
 * until a message newer than the subscriber's last one is published. */
void embassy_pubsub_next_init(embassy_pubsub_next *f, embassy_subscriber *sub);

/* For views (no step): the i-th queued message, oldest first. */
uint32_t embassy_pubsub_peek_value(const embassy_pubsub *ch, int i);
uint8_t embassy_pubsub_peek_remaining(const embassy_pubsub *ch, int i);

#endif
