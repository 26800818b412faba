/*
 * The executor model: an async executor on one thread.
 *
 * Rule: tasks are polled one at a time; only the task being polled may step
 * (or an interrupt handler, irq.c, which preempts it at the next scheduling
 * point).  A poll ends when the task finishes or waits (parks or blocks)
 * after having stepped at least once in this poll, or waits at the very
 * start of it without a wake to consume.  A task waits until something wakes
 * it (an unpark aimed at it) or its deadline passes; either puts it on the
 * run queue, once: a task already queued is not queued again.  When no task
 * is being polled the executor takes the whole run queue as a batch and
 * polls it in reverse order of enqueueing (the queue is a stack, as in an
 * embassy-style executor); tasks woken meanwhile wait for the next batch.
 * At the start every task that is not dormant is queued, in index order.
 *
 * Timers: a deadline that passes is delivered by the time driver (upstream
 * an alarm interrupt on a chip, an alarm thread on a PC), a context of its
 * own that pushes the task onto the run queue whenever it runs: where that
 * push lands among the wakes the polls push depends on real durations the
 * model does not know.  The model's default puts it at the end of the batch
 * that is being polled when the deadline passes (just before the executor
 * takes the next batch: the widest gap of the executor's loop, which returns
 * from poll, waits on its signaler and takes the queue there), so the task
 * is polled first in the next batch; with nothing being polled, at once.
 * Until then a `tick` choice (the time driver fires now) pushes every task
 * whose deadline passed, earliest deadline first, at any scheduling point of
 * the batch: the explorer branches over where the alarm lands.  A late time
 * driver (plat_timer_late) moves the default later, and its jitter opens a
 * window before it, from which on a tick may deliver the deadline, across as
 * many batches as that window spans.
 *
 * So the tasks never race: the only choices are interrupts, the time
 * driver's tick and dropping a task's future.  drop(T) exists while T waits
 * at an await point that may be cancelled (plat_task_await), has not been
 * dropped there yet, and another task is being polled (so an idle executor
 * still lets time pass).  Taking it queues T as a wake would; T's await then
 * returns "dropped".  Ticks and drops are optional: the run goes on without
 * them, so a default policy never takes them.  Dependence is the default
 * rule: a tick or a drop conflicts with everything.
 */
#include "../machine_internal.h"

#include <stdio.h>

static bool is_task(const sim_machine *m, int i) { return m->actors[i].kind != SIM_ISR; }

static bool waits(const sim_action *p)
{
    return p->kind == SIM_ACT_PARK || p->kind == SIM_ACT_BLOCK;
}

static void enqueue(sim_machine *m, int i)
{
    sim_sched_state *s = &m->sched;
    if (s->executor.queued >> i & 1)
        return;
    s->executor.queued |= 1u << i;
    s->executor.queue[s->executor.n_queue++] = (int16_t)i;
}

static bool exec_may_step(const sim_machine *m, int i)
{
    int isr = sim_irq_running(m);
    if (isr >= 0)
        return i == isr;
    return i == m->sched.current;
}

/* The first moment the time driver may deliver a pending deadline (a late
 * driver's window opens before its default), or -1 if there is none. */
static int64_t deliverable_from(const sim_action *p)
{
    if (p->deadline < 0)
        return -1;
    return p->kind == SIM_ACT_BLOCK && p->earliest >= 0 ? p->earliest : p->deadline;
}

/* Whether task i waits for a deadline and is not queued yet; `late`: its
 * deadline is owed (the driver's lateness has passed too), else it merely
 * may be delivered now. */
static bool due_as(const sim_machine *m, int i, bool late)
{
    const sim_actor *a = &m->actors[i];
    if (!is_task(m, i) || a->finished || a->dormant || i == m->sched.current ||
        (m->sched.executor.queued >> i & 1) || !waits(&a->pending) || a->pending.deadline < 0)
        return false;
    return m->now >= (late ? a->pending.deadline : deliverable_from(&a->pending));
}

/* The time driver owes task i a wake. */
static bool due(const sim_machine *m, int i) { return due_as(m, i, true); }

/* The time driver fires: every task whose deadline it owes (`late`) or may
 * deliver goes on the run queue, the earliest deadline first (equal
 * deadlines by index).  Returns how many. */
static int deliver_alarms(sim_machine *m, bool late)
{
    int n = 0;
    for (;;) {
        int next = -1;
        for (int i = 0; i < m->n_actors; i++)
            if (due_as(m, i, late) &&
                (next < 0 || m->actors[i].pending.deadline < m->actors[next].pending.deadline))
                next = i;
        if (next < 0)
            return n;
        /* Early in a late driver's window: the alarm fires now, so the
         * block's deadline is now (the task may take its step). */
        sim_action *p = &m->actors[next].pending;
        if (p->deadline > m->now)
            p->deadline = m->now;
        enqueue(m, next);
        n++;
    }
}

static void exec_update(sim_machine *m)
{
    sim_sched_state *s = &m->sched;
    for (;;) {
        if (s->current >= 0) {
            const sim_actor *a = &m->actors[s->current];
            bool over =
                a->finished || a->dormant ||
                (waits(&a->pending) && (!s->executor.fresh || !sim_rule_allows(m, s->current)));
            if (!over)
                return;
            s->current = -1; /* the poll returned (ready, or pending) */
        }
        if (sim_irq_running(m) >= 0)
            return; /* the executor's thread is interrupted: no new poll starts */
        if (s->executor.n_batch == 0) {
            /* Between batches: the alarms that fell due land now, on top. */
            deliver_alarms(m, true);
            /* Take the whole queue; polling pops from the end: last in, first polled. */
            for (int k = 0; k < s->executor.n_queue; k++)
                s->executor.batch[k] = s->executor.queue[k];
            s->executor.n_batch = s->executor.n_queue;
            s->executor.n_queue = 0;
        }
        if (s->executor.n_batch == 0)
            return; /* idle */
        int t = s->executor.batch[--s->executor.n_batch];
        s->executor.queued &= ~(1u << t);
        s->current = t;
        s->executor.fresh = true;
    }
}

static void exec_performed(sim_machine *m, int actor, const sim_action *act)
{
    if (actor == m->sched.current)
        m->sched.executor.fresh = false;
    if (act->kind == SIM_ACT_UNPARK) {
        int t = ((const plat_parker *)act->target)->owner;
        if (is_task(m, t))
            enqueue(m, t); /* a wake puts the task on the run queue */
    }
}

static void exec_start(sim_machine *m)
{
    for (int i = 0; i < m->n_actors; i++)
        if (is_task(m, i) && !m->actors[i].dormant && !m->actors[i].finished)
            enqueue(m, i);
}

static void exec_held_why(const sim_machine *m, int i, sim_blocked *r)
{
    sim_blocked_set(r, NULL);
    int isr = sim_irq_running(m), cur = m->sched.current;
    if (!is_task(m, i)) {
        if (isr >= 0 && isr != i) {
            sim_blocked_set(r, &sim_blocked_irq_handler);
            sim_blocked_text(r, "handler", m->actors[isr].name);
        } else if (isr != i) {
            sim_blocked_set(r, &sim_blocked_irq_masked);
        }
        return;
    }
    if (isr >= 0) {
        sim_blocked_set(r, &sim_blocked_interrupted);
        sim_blocked_text(r, "handler", m->actors[isr].name);
    } else if (i != cur && (m->sched.executor.queued >> i & 1)) {
        sim_blocked_set(r, &sim_blocked_executor_queued);
    } else if (due(m, i)) {
        sim_blocked_set(r, &sim_blocked_executor_due);
        sim_blocked_num(r, "deadline_us", m->actors[i].pending.deadline);
    } else if (i != cur) {
        sim_blocked_set(r, &sim_blocked_executor_polled);
        if (cur >= 0)
            sim_blocked_text(r, "runner", m->actors[cur].name);
    }
}

static bool droppable(const sim_machine *m, int i)
{
    const sim_actor *a = &m->actors[i];
    return is_task(m, i) && i != m->sched.current && !a->finished && !a->dormant &&
           a->pending.kind == SIM_ACT_BLOCK && a->pending.b == 1 &&
           !(m->sched.executor.dropped >> i & 1);
}

static int exec_extra(const sim_machine *m, sim_choice *out)
{
    int n = sim_irq_env_choices(m, out);
    if (m->sched.current < 0 || sim_irq_running(m) >= 0)
        return n;
    bool alarm = false;
    for (int i = 0; i < m->n_actors; i++) {
        if (droppable(m, i))
            out[n++] = (sim_choice){SIM_CHOICE_DROP, (int16_t)i, 0};
        alarm = alarm || due_as(m, i, false);
    }
    if (alarm)
        out[n++] = sim_tick_choice();
    return n;
}

static int exec_take(sim_machine *m, sim_choice c)
{
    if (c.kind == SIM_CHOICE_TICK) {
        if (m->sched.current < 0 || deliver_alarms(m, false) == 0)
            return -1;
        /* traced like the rtos tick, so every view can say the tick fell */
        sim_emit_machine(m, SIM_EV_TICK, -1, m->now, m->now);
        return 0;
    }
    if (c.kind != SIM_CHOICE_DROP)
        return sim_irq_take(m, c);
    if (c.actor < 0 || c.actor >= m->n_actors || !droppable(m, c.actor))
        return -1;
    m->sched.executor.dropped |= 1u << c.actor;
    sim_parker_of(m, c.actor)->woken = 1; /* its await returns, to be told */
    enqueue(m, c.actor);
    /* the learner's move gets its own trace row: narrated, drawn, animated */
    sim_emit_machine(m, SIM_EV_DROP, c.actor, 0, 0);
    return 0;
}

static bool exec_dependent(const sim_machine *m, sim_choice a, sim_choice b)
{
    if (a.kind == SIM_CHOICE_DROP || b.kind == SIM_CHOICE_DROP)
        return true;
    return sim_dependent_default(m, a, b);
}

static bool exec_optional(const sim_machine *m, sim_choice c)
{
    (void)m;
    return c.kind == SIM_CHOICE_TICK || c.kind == SIM_CHOICE_DROP;
}

bool sim_task_take_drop(sim_machine *m, int actor)
{
    bool dropped = m->sched.executor.dropped >> actor & 1;
    m->sched.executor.dropped &= ~(1u << actor);
    return dropped;
}

/* {"polling": "t3" or null, "batch": [next first], "queue": [first enqueued first]}:
 * the run queue as a view draws it.  The batch is listed in the order it
 * will be polled; the queue in the order of enqueueing (it will be polled
 * in reverse, as the next batch). */
static void exec_state_json(const sim_machine *m, jbuf *b)
{
    const sim_sched_state *s = &m->sched;
    jb_raw(b, "{");
    jb_key(b, "polling");
    if (s->current >= 0)
        jb_str(b, m->actors[s->current].name);
    else
        jb_raw(b, "null");
    jb_key(b, "batch");
    jb_raw(b, "[");
    for (int k = s->executor.n_batch - 1; k >= 0; k--) {
        jb_sep(b);
        jb_str(b, m->actors[s->executor.batch[k]].name);
    }
    jb_raw(b, "]");
    jb_key(b, "queue");
    jb_raw(b, "[");
    for (int k = 0; k < s->executor.n_queue; k++) {
        jb_sep(b);
        jb_str(b, m->actors[s->executor.queue[k]].name);
    }
    jb_raw(b, "]}");
}

const sim_model sim_model_executor = {
    .name = "executor",
    .start = exec_start,
    .may_step = exec_may_step,
    .extra_choices = exec_extra,
    .take_extra = exec_take,
    .update = exec_update,
    .performed = exec_performed,
    .held_why = exec_held_why,
    .dependent = exec_dependent,
    .state_json = exec_state_json,
    .optional = exec_optional,
};
