/*
 * The rtos model: one processor, prioritized tasks, a tick, interrupts.
 *
 * Rule: if an interrupt handler runs (irq.c: raised, not masked, nesting by
 * priority), only it may step.  Otherwise only one task may step: the task on
 * the processor while it masks interrupts (a critical section is never left
 * by a switch, only by blocking), else the ready task of the highest
 * effective priority; among equals, the one on the
 * processor keeps it until a tick, and then the one that has waited longest
 * gets it (a task that becomes ready again, or is rotated by a tick, goes to
 * the back of its priority's line).  Handlers are never chosen by priority
 * alone: they run because they were raised.
 *
 * A wake does not switch by itself (the default, the reference kernel's
 * rule): a task that another task's or a handler's wake made ready (a post,
 * a give) waits, however urgent, for the next scheduling point: a tick, or
 * the task on the processor blocking, delaying or finishing.  With
 * wake_preempts (FreeRTOS's queueYIELD_IF_USING_PREEMPTION and
 * portYIELD_FROM_ISR) it runs as soon as the waker's critical section is over
 * or its handler has returned.
 *
 * The tick: when every action costs nothing (the default), time does not pass
 * by itself, so a tick is a choice, offered whenever it would hand the
 * processor to another task of the same priority and the task on it has run
 * since the last tick (so ticks alone never make a run go on forever), or
 * when it would let in a more urgent task that a wake left waiting (that tick
 * is optional: the default policies let the running task go on to its own
 * scheduling point).  When actions cost time, a
 * tick falls due every tick_us of virtual time and preempts at the next
 * scheduling point unless the running context masks interrupts.
 *
 * Dependence: a tick conflicts with every task of the priority it preempts;
 * an irq conflicts with steps that mask, unmask, raise or change priorities.
 */
#include "../machine_internal.h"

#include <stdio.h>

static bool is_task(const sim_machine *m, int i) { return m->actors[i].kind != SIM_ISR; }

/* The task on the processor, if it can go on (no scheduling point yet). */
static bool current_goes_on(const sim_machine *m)
{
    int cur = m->sched.current;
    return cur >= 0 && is_task(m, cur) && sim_rule_allows(m, cur);
}

/* The task the rtos would put on the processor now, or -1 (idle). */
static int rtos_pick(const sim_machine *m)
{
    int best = -1, cur = m->sched.current;
    /* A task that masks interrupts keeps the processor until it unmasks or
     * blocks: the switch a wake-up or an expired delay asks for is made by
     * the kernel at the end of the critical section, never inside it. */
    if (current_goes_on(m) && m->actors[cur].irq_depth > 0)
        return cur;
    /* Tasks a wake made ready wait while the task on the processor goes on. */
    uint32_t waiting = current_goes_on(m) ? m->sched.rtos.deferred : 0;
    for (int i = 0; i < m->n_actors; i++) {
        if (!is_task(m, i) || !sim_rule_allows(m, i) || (waiting >> i & 1))
            continue;
        const sim_actor *a = &m->actors[i];
        if (best < 0 || a->eff_prio > m->actors[best].eff_prio) {
            best = i;
        } else if (a->eff_prio == m->actors[best].eff_prio && best != cur &&
                   (i == cur || a->rr_seq < m->actors[best].rr_seq)) {
            best = i;
        }
    }
    return best;
}

static bool rtos_may_step(const sim_machine *m, int i)
{
    int isr = sim_irq_running(m);
    if (isr >= 0)
        return i == isr;
    return i == rtos_pick(m);
}

/* How many ready tasks share the top priority. */
static int ready_at_top(const sim_machine *m)
{
    int top = 0, n = 0;
    for (int i = 0; i < m->n_actors; i++) {
        if (!is_task(m, i) || !sim_rule_allows(m, i))
            continue;
        int p = m->actors[i].eff_prio;
        if (n == 0 || p > top) {
            top = p;
            n = 1;
        } else if (p == top) {
            n++;
        }
    }
    return n;
}

/* Whether a task a wake left waiting is more urgent than the one running. */
static bool woken_waits(const sim_machine *m)
{
    if (!m->sched.rtos.deferred || !current_goes_on(m))
        return false;
    int cur_prio = m->actors[m->sched.current].eff_prio;
    for (int i = 0; i < m->n_actors; i++)
        if ((m->sched.rtos.deferred >> i & 1) && sim_rule_allows(m, i) &&
            m->actors[i].eff_prio > cur_prio)
            return true;
    return false;
}

static int rtos_extra(const sim_machine *m, sim_choice *out)
{
    int n = sim_irq_env_choices(m, out);
    if (m->sched.rtos.tick_chosen && m->sched.rtos.ran && m->sched.rtos.tick_us > 0 &&
        sim_irq_running(m) < 0 && !sim_irq_masked(m) && (ready_at_top(m) >= 2 || woken_waits(m)))
        out[n++] = sim_tick_choice();
    return n;
}

/* A tick offered only to let a waiting woken task in: the run goes on fine
 * without it (the task runs when the one on the processor blocks). */
static bool rtos_optional(const sim_machine *m, sim_choice c)
{
    return c.kind == SIM_CHOICE_TICK && ready_at_top(m) < 2;
}

/* The tick: the task on the processor goes to the back of its line. */
static void tick(sim_machine *m, int64_t was)
{
    sim_emit_machine(m, SIM_EV_TICK, -1, was, m->now);
    int cur = m->sched.current;
    if (cur >= 0)
        m->actors[cur].rr_seq = ++m->sched.seq;
    m->sched.current = -1;
    m->sched.rtos.ran = false;
    m->sched.rtos.deferred = 0; /* a scheduling point: the woken tasks compete again */
}

static void rtos_performed(sim_machine *m, int actor, const sim_action *act)
{
    if (actor == m->sched.current)
        m->sched.rtos.ran = true;
    if (act->kind == SIM_ACT_UNPARK && !m->sched.rtos.wake_preempts) {
        int t = ((const plat_parker *)act->target)->owner;
        /* Only a task the wake makes ready waits; one already ready (or
         * running) is where it was. */
        if (t >= 0 && t != actor && is_task(m, t) && !(m->sched.rtos.ready >> t & 1))
            m->sched.rtos.deferred |= 1u << t; /* it waits for the next scheduling point */
    }
}

static int rtos_take(sim_machine *m, sim_choice c)
{
    if (c.kind == SIM_CHOICE_IRQ)
        return sim_irq_take(m, c);
    if (c.kind != SIM_CHOICE_TICK)
        return -1;
    int64_t was = m->now;
    if (m->now < m->sched.rtos.next_tick)
        m->now = m->sched.rtos.next_tick; /* time passes to the tick */
    m->sched.rtos.next_tick += m->sched.rtos.tick_us;
    tick(m, was);
    return 0;
}

static void rtos_update(sim_machine *m)
{
    sim_sched_state *s = &m->sched;
    /* A tick that fell due while actions took time preempts now, unless
     * interrupts are masked (then at the first point they are not). */
    if (s->rtos.tick_us > 0 && m->now >= s->rtos.next_tick && sim_irq_running(m) < 0 &&
        !sim_irq_masked(m)) {
        int64_t due =
            (m->now - s->rtos.next_tick) / s->rtos.tick_us + 1; /* ticks missed: one rotation */
        s->rtos.next_tick += due * s->rtos.tick_us;
        tick(m, m->now);
    }
    /* Tasks that became ready go to the back of their line. */
    uint32_t ready = 0;
    for (int i = 0; i < m->n_actors; i++) {
        if (!is_task(m, i) || !sim_rule_allows(m, i))
            continue;
        ready |= 1u << i;
        if (!(s->rtos.ready >> i & 1) && i != s->current)
            m->actors[i].rr_seq = ++s->seq;
    }
    s->rtos.ready = ready;
    if (sim_irq_running(m) < 0) { /* while a handler runs, the task it interrupted stays */
        if (!current_goes_on(m))
            s->rtos.deferred = 0; /* it blocked, delayed or finished: a scheduling point */
        s->current = rtos_pick(m);
    }
}

static void rtos_start(sim_machine *m)
{
    sim_sched_state *s = &m->sched;
    s->rtos.next_tick = s->rtos.tick_us;
    s->rtos.tick_chosen = true;
    s->rtos.ran = true; /* no tick yet: the first one may come at once */
    for (int k = 0; k < SIM_ACT_COUNT; k++)
        if (m->cost[k] > 0)
            s->rtos.tick_chosen = false;
    for (int i = 0; i < m->n_actors; i++)
        if (is_task(m, i) && sim_rule_allows(m, i))
            s->rtos.ready |= 1u << i;
    s->current = rtos_pick(m);
}

static void rtos_held_why(const sim_machine *m, int i, sim_blocked *r)
{
    sim_blocked_set(r, NULL);
    int isr = sim_irq_running(m);
    const sim_actor *a = &m->actors[i];
    if (!is_task(m, i)) {
        if (isr == i)
            return;
        if (sim_irq_masked(m)) {
            sim_blocked_set(r, &sim_blocked_irq_masked);
        } else if (isr >= 0) {
            sim_blocked_set(r, &sim_blocked_irq_handler);
            sim_blocked_text(r, "handler", m->actors[isr].name);
            sim_blocked_num(r, "priority", m->actors[isr].eff_prio);
        }
        return;
    }
    if (isr >= 0) {
        sim_blocked_set(r, &sim_blocked_interrupted);
        sim_blocked_text(r, "handler", m->actors[isr].name);
        return;
    }
    int t = rtos_pick(m);
    if (t < 0 || t == i)
        return;
    if ((m->sched.rtos.deferred >> i & 1) && a->eff_prio > m->actors[t].eff_prio) {
        sim_blocked_set(r, &sim_blocked_rtos_woken);
        sim_blocked_text(r, "runner", m->actors[t].name);
    } else if (m->actors[t].eff_prio > a->eff_prio) {
        sim_blocked_set(r, &sim_blocked_rtos_priority);
        sim_blocked_text(r, "runner", m->actors[t].name);
        sim_blocked_num(r, "runner_priority", m->actors[t].eff_prio);
        sim_blocked_num(r, "priority", a->eff_prio);
    } else {
        sim_blocked_set(r, &sim_blocked_rtos_turn);
        sim_blocked_text(r, "runner", m->actors[t].name);
    }
}

static bool rtos_dependent(const sim_machine *m, sim_choice a, sim_choice b)
{
    if (b.kind == SIM_CHOICE_TICK) {
        sim_choice t = a;
        a = b;
        b = t;
    }
    if (a.kind == SIM_CHOICE_TICK && b.kind == SIM_CHOICE_STEP) {
        int cur = m->sched.current;
        return cur < 0 || !is_task(m, b.actor) ||
               m->actors[b.actor].eff_prio == m->actors[cur].eff_prio;
    }
    return sim_dependent_default(m, a, b);
}

const sim_model sim_model_rtos = {
    .name = "rtos",
    .start = rtos_start,
    .may_step = rtos_may_step,
    .extra_choices = rtos_extra,
    .take_extra = rtos_take,
    .update = rtos_update,
    .performed = rtos_performed,
    .held_why = rtos_held_why,
    .dependent = rtos_dependent,
    .optional = rtos_optional,
};
