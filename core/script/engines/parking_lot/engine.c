/*
 * Engine parking_lot for scenarios: its variants, its three object types and
 * the parking lot's table for the view (and each parking object's place in
 * it, lot_describe_key).
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

static const char *const parking_lot_variants[] = {
    "correct",
    "validate_outside",
    "widen",
    "handoff",
    "notify_all_wakes_all",
    "relaxed_prepare", /* flag_parker: prepare's store is relaxed, not seq_cst */
    NULL};
void lot_describe_key(sim_machine *m, const void *o, jbuf *b)
{
    uintptr_t key = (uintptr_t)sim_vaddr(m, o);
    jb_key(b, "key");
    jb_int(b, (int64_t)key);
    jb_key(b, "bucket");
    jb_int(b, lot_bucket_of(key));
}

/* "parking_lot": {"buckets": 64, "queues": [{"bucket", "locked_by", "waiters": [...]}]} */
static void parking_lot_describe(sim_machine *m, jbuf *b)
{
    const lot *l = lot_if_made(m);
    jb_raw(b, "{");
    jb_key(b, "buckets");
    jb_int(b, LOT_BUCKETS);
    jb_key(b, "queues");
    jb_raw(b, "[");
    for (unsigned i = 0; l && i < LOT_BUCKETS; i++) {
        const lot_bucket *bk = &l->buckets[i];
        if (!bk->head && !bk->lock.owner)
            continue;
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "bucket");
        jb_int(b, i);
        jb_key(b, "locked_by");
        if (bk->lock.owner)
            jb_str(b, sim_actor_name(m, bk->lock.owner - 1));
        else
            jb_raw(b, "null");
        jb_key(b, "waiters");
        jb_raw(b, "[");
        for (const lot_waiter *w = bk->head; w; w = w->next) {
            jb_sep(b);
            jb_raw(b, "{");
            jb_key(b, "key");
            jb_int(b, (int64_t)w->key);
            jb_key(b, "actor");
            jb_str(b, sim_actor_name(m, w->parker->owner));
            jb_raw(b, "}");
        }
        jb_raw(b, "]}");
    }
    jb_raw(b, "]}");
}

static const script_type *const parking_lot_types[] = {&type_mini_mutex, &type_condvar,
                                                       &type_flag_parker, NULL};

const script_engine engine_parking_lot = {
    .name = "parking_lot",
    .summary = "a 64-bucket parking lot, a one-byte mutex and a condition variable",
    .variants = parking_lot_variants,
    .types = parking_lot_types,
    .describe = parking_lot_describe,
};
