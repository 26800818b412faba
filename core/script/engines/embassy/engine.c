/*
 * Engine embassy for scenarios: its variants, its object types, the task table
 * an async console shows, and what the type files share.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

int embassy_check_count(int64_t v, const char *what, int64_t max, char *err, size_t es)
{
    if (v < 0 || v > max) {
        snprintf(err, es, "%s must be between 0 and %lld", what, (long long)max);
        return -1;
    }
    return 0;
}

/* "KEY": [the tasks a MultiWakerRegistration holds, in order]. */
void embassy_multi_waker_json(jbuf *b, const char *key, const embassy_multi_waker *w)
{
    jb_key(b, key);
    jb_raw(b, "[");
    for (int i = 0; i < w->len.v; i++) {
        jb_sep(b);
        jb_int(b, embassy_multi_waker_peek(w, i));
    }
    jb_raw(b, "]");
}

/* Nanoseconds as microseconds with three decimals, without floating point
 * (the same text natively and in WebAssembly). */
static void embassy_us_json(jbuf *b, uint64_t ns)
{
    jb_printf(b, "%llu.%03llu", (unsigned long long)(ns / 1000), (unsigned long long)(ns % 1000));
}

/* "embassy": {"poll_ns", "tasks": [{"task", "state", "polls", "wakes", "self_wakes",
 * "await_polls", "busy_us", "idle_us", "await", "lints"}]}: the task table an async
 * console shows. */
static void embassy_describe(sim_machine *m, jbuf *b)
{
    static const char *const states[] = {"idle", "running", "done"};
    const embassy_executor *ex = sim_global_peek(m, &embassy_executor_global);
    jb_raw(b, "{");
    jb_key(b, "poll_ns");
    jb_int(b, ex ? ex->poll_ns : 50);
    jb_key(b, "tasks");
    jb_raw(b, "[");
    for (int i = 0; ex && i < sim_actor_count(m) && i < EMBASSY_MAX_TASKS; i++) {
        const embassy_task *t = &ex->tasks[i];
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "task");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "state");
        jb_str(b, sim_is_finished(m, i) ? "done" : states[t->state]);
        jb_key(b, "polls");
        jb_int(b, t->polls);
        jb_key(b, "wakes");
        jb_int(b, t->wakes);
        jb_key(b, "self_wakes");
        jb_int(b, t->self_wakes);
        jb_key(b, "await_polls");
        jb_int(b, t->await_polls);
        /* Virtual time: being polled, and waiting to be (up to now). */
        int64_t idle = t->idle_ns;
        if (t->pending_since >= 0 && !sim_is_finished(m, i))
            idle += sim_now(m) * 1000 + ex->busy_ns - t->pending_since;
        jb_key(b, "busy_us");
        embassy_us_json(b, (uint64_t)t->busy_ns);
        jb_key(b, "idle_us");
        embassy_us_json(b, idle > 0 ? (uint64_t)idle : 0);
        bool pending = t->await_point && !sim_is_finished(m, i);
        jb_key(b, "await");
        if (pending)
            jb_str(b, t->await_point);
        else
            jb_raw(b, "null");
        /* Exact counts, not heuristics: what the table's numbers say. */
        jb_key(b, "lints");
        jb_raw(b, "[");
        if (t->self_wakes > 0) {
            jb_sep(b);
            jb_printf(b, "\"woke itself %u%% of the time\"",
                      (unsigned)((uint64_t)t->self_wakes * 100 / t->wakes));
        }
        if (pending && t->await_polls >= 3) {
            jb_sep(b);
            jb_printf(b, "\"polled %u times without progress\"", t->await_polls - 1);
        }
        jb_raw(b, "]}");
    }
    jb_raw(b, "]}");
}

static const char *const embassy_variants[] = {"correct", "fair_cancel_bug", "no_chained_wake",
                                               "relaxed_publication", NULL};
static const script_type *const embassy_types[] = {&type_embassy_executor, &type_embassy_mutex,
                                                   &type_embassy_rwlock,   &type_embassy_greedy,
                                                   &type_embassy_fair,     &type_embassy_once,
                                                   &type_embassy_watch,    &type_embassy_pipe,
                                                   &type_embassy_pubsub,   NULL};

const script_engine engine_embassy = {
    .name = "embassy",
    .summary = "an async executor on one thread: futures, one-slot wakers, Mutex, semaphores",
    .variants = embassy_variants,
    .types = embassy_types,
    .describe = embassy_describe,
    .model = "executor",
};
