/*
 * The actor's side of a step: announce the next action, wait to be picked,
 * then perform it on the cells, locks and parkers, trace it and charge its
 * cost in virtual time.  During a walk (a chooser is set, step.c) the actor
 * that announces its next action also ends its step and begins the next
 * one: its own next step is performed without a switch, another actor's by
 * switching to that actor; only what the walk does not take as a step goes
 * back to the host.
 *
 * Invariant: an action's effect happens all at once, in the step that
 * performs it and nowhere else; atomic cells are read and written by the
 * run's memory model (mem/model.h) and by nothing else (locks, parkers and
 * fences tell it first, so a weak model can drain what they order), and the
 * overlap check counts actors inside
 * the checked critical section (one actor nesting is no overlap).
 */
#include "machine_internal.h"
#include "mem/sc.h"

#include <stdint.h>

/* Perform the announced action of actor i, now that it was picked. */
static uint64_t perform(sim_machine *m, int i)
{
    sim_actor *a = &m->actors[i];
    const sim_action *p = &a->pending;
    /* The step's trace event.  Below, the action and the memory model write
     * into it what the step did; it is kept only when the run is traced.  With
     * the trace off (the explorer, a walk, the benchmarks) nothing reads it
     * but those writes, so it is not filled: filling its 200 bytes was a
     * tenth of a step. */
    sim_event e;
    if (m->cfg.trace) {
        e = (sim_event){.step = m->step,
                        .time = m->now,
                        .actor = (int16_t)i,
                        .kind = (uint8_t)p->kind,
                        .width = p->width,
                        .region = -1,
                        .elem = 0,
                        .other = -1,
                        .a = p->a,
                        .b = p->b,
                        .op = a->op,
                        .round = a->round,
                        .site = p->site,
                        .text = p->text};
        if (p->target) { /* names are for the trace only */
            int elem = 0;
            e.region = (int16_t)sim_region_of(m, p->target, &elem);
            e.elem = (int16_t)elem;
            e.is_signed = sim_cell_signed(m, p->target);
        }
    }
    uint64_t result = 0;
    const char *violation = NULL;
    if (m->mem->synchronise && sim_act_synchronises(p->kind))
        m->mem->synchronise(m, i, p);
    switch (p->kind) {
    case SIM_ACT_LOAD:
    case SIM_ACT_STORE:
    case SIM_ACT_SWAP:
    case SIM_ACT_FETCH_ADD:
    case SIM_ACT_FETCH_OR:
    case SIM_ACT_FETCH_AND:
    case SIM_ACT_CAS:
        /* sc, the default model, is called directly: through the model's
         * pointer its access cost a twentieth of a step (mem/sc.h) */
        if (m->mem == &sim_mem_sc)
            result = sim_sc_access(p, &e);
        else
            result = m->mem->access(m, i, p, &e);
        break;
    case SIM_ACT_LOCK:
        ((plat_lock *)p->target)->owner = i + 1;
        a->locks_held++;
        break;
    case SIM_ACT_UNLOCK: {
        plat_lock *l = p->target;
        if (l->owner != i + 1) {
            violation = "released a lock it does not hold";
        } else {
            l->owner = 0;
            a->locks_held--;
        }
        break;
    }
    case SIM_ACT_PARK_PREPARE: {
        plat_parker *pk = p->target;
        if (pk == &a->parker)
            a->parker_done = false; /* what plat_parker_done promised is kept */
        e.old_v = pk->woken;
        pk->woken = 0;
        pk->woken_by = -1;
        break;
    }
    case SIM_ACT_PARK:
    case SIM_ACT_BLOCK: {
        plat_parker *pk = p->target;
        e.ok = pk->woken != 0;
        e.other = pk->woken_by;
        result = e.ok;
        if (a->sleep_node && m->keep_story) {
            /* The engine declared that once woken it depends on its node alone
             * (plat_sleep_state): its story starts again from what the node says. */
            const unsigned char *node = a->sleep_node;
            a->story = sim_story_add(0, SIM_ACT_PARK);
            for (size_t k = 0; k < a->sleep_node_size; k++)
                a->story = sim_story_add(a->story, node[k]);
        }
        a->sleep_node = NULL;           /* the declaration covered this park only */
        if (p->kind == SIM_ACT_BLOCK) { /* the wake is used up */
            pk->woken = 0;
            pk->woken_by = -1;
        }
        break;
    }
    case SIM_ACT_UNPARK: {
        plat_parker *pk = p->target;
        e.old_v = pk->woken;
        e.new_v = 1;
        e.other = pk->owner;
        pk->woken = 1;
        pk->woken_by = (int16_t)i;
        break;
    }
    case SIM_ACT_FENCE: e.order = p->order; break;
    case SIM_ACT_CS_ENTER:
        e.old_v = (uint64_t)m->cs_inside;
        if (m->cs_inside > 0 && m->cs_owner == i) {
            m->cs_depth++; /* the same actor again: nesting, not overlap */
        } else {
            if (m->cs_inside != 0)
                violation = "entered the critical section while another actor is inside";
            m->cs_inside++;
            m->cs_owner = i;
            m->cs_depth = 1;
        }
        e.new_v = (uint64_t)m->cs_inside;
        break;
    case SIM_ACT_CS_EXIT:
        e.old_v = (uint64_t)m->cs_inside;
        if (m->cs_owner == i && m->cs_depth > 1)
            m->cs_depth--;
        else {
            m->cs_inside--;
            m->cs_depth = 0;
        }
        e.new_v = (uint64_t)m->cs_inside;
        break;
    case SIM_ACT_IRQ_SAVE:
        result = a->irq_depth > 0; /* the state to restore: masked already? */
        e.old_v = a->irq_depth;
        e.new_v = ++a->irq_depth;
        break;
    case SIM_ACT_IRQ_RESTORE:
        /* Put back the saved state: "not masked" unmasks at any depth (an
         * interrupt-enable bit written back); "masked" undoes one level. */
        e.old_v = a->irq_depth;
        if (!p->a)
            a->irq_depth = 0;
        else if (a->irq_depth > 1)
            a->irq_depth--;
        e.new_v = a->irq_depth;
        break;
    case SIM_ACT_RAISE: {
        const plat_parker *pk = p->target;
        sim_actor *h = &m->actors[pk->owner];
        e.other = pk->owner;
        if (h->dormant) {
            h->arm_now = true; /* armed by the host once this step is over */
            m->arm_any = true;
        } else if (h->begun) {
            h->raise_pending = true; /* running: it runs again after it returns */
        } /* raised and not begun yet: still pending, a second raise adds nothing */
        break;
    }
    case SIM_ACT_SET_PRIO: {
        const plat_parker *pk = p->target;
        sim_actor *t = &m->actors[pk->owner];
        e.other = pk->owner;
        e.old_v = (uint64_t)(int64_t)t->eff_prio;
        t->eff_prio = (int)(int64_t)p->a;
        e.new_v = (uint64_t)(int64_t)t->eff_prio;
        break;
    }
    default: break;
    }
    sim_emit(m, &e);
    m->now += p->has_cost ? p->cost : m->cost[p->kind]; /* the action takes time */
    if (violation) /* before pending is cleared: p points at it */
        sim_violation(m, p->kind == SIM_ACT_CS_ENTER ? "overlap" : "misuse", violation, p->site);
    if (m->performed)
        m->performed(m, i, p);
    if (m->keep_story) {
        a->story = sim_story_add(a->story, (uint64_t)p->kind | (uint64_t)p->width << 8 |
                                               (uint64_t)(uint32_t)p->site.line << 32);
        a->story = sim_story_add(a->story, (uint64_t)(uintptr_t)p->target);
        a->story = sim_story_add(a->story, p->a);
        a->story = sim_story_add(a->story, p->b);
        a->story = sim_story_add(a->story, (uint64_t)(uintptr_t)p->site.label);
        a->story = sim_story_add(a->story, result);
    }
    a->pending.kind = SIM_ACT_NONE;
    a->op_steps++;
    a->promised = false; /* a promise covers the step it was made before */
    return result;
}

uint64_t sim_do(sim_machine *m, const sim_action *act)
{
    int i = m->current;
    sim_actor *a = &m->actors[i];
    if (a->parker_done && act->target == &a->parker &&
        (act->kind == SIM_ACT_PARK || act->kind == SIM_ACT_BLOCK))
        sim_violation(m, "misuse", "slept on its parker without preparing it, after promising to",
                      act->site);
    a->pending = *act;
    coro *next = m->host;
    if (m->chooser && m->step_open) {
        /* A walk: the step that resumed this actor ends here, and the walk
         * chooses the next one here (sim_pass_turn); its own is taken at
         * once, another actor's by switching to that actor, not the host. */
        int j = sim_pass_turn(m);
        if (j == i)
            return perform(m, i);
        if (j >= 0)
            next = m->actors[j].co;
    }
    coro_switch(a->co, next); /* wait to be picked */
    return perform(m, i);
}

void sim_note(sim_machine *m, plat_site at, int64_t value)
{
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)m->current,
                   .kind = SIM_EV_NOTE,
                   .region = -1,
                   .other = -1,
                   .new_v = (uint64_t)value,
                   .site = at,
                   .text = at.label};
    sim_emit(m, &e);
}

void sim_set_op(sim_machine *m, uint32_t op, uint32_t round)
{
    sim_actor *a = &m->actors[m->current];
    a->op = op;
    a->round = round;
    a->op_seq++;
    a->op_steps = 0;
    a->story = 0;
}

void sim_keep_stories(sim_machine *m, bool on) { m->keep_story = on; }

void sim_story_saw(sim_machine *m, uint64_t value)
{
    if (m->keep_story && m->current >= 0)
        m->actors[m->current].story = sim_story_add(m->actors[m->current].story, value);
}

void sim_sleep_state(sim_machine *m, const void *node, size_t size)
{
    sim_actor *a = &m->actors[m->current];
    a->sleep_node = node;
    a->sleep_node_size = size;
}

void sim_parker_done(sim_machine *m, const plat_parker *p)
{
    sim_actor *a = &m->actors[m->current];
    if (p != &a->parker) {
        sim_violation(m, "misuse", "promised to prepare a parker that is not its own",
                      (plat_site){__FILE__, __LINE__, "plat_parker_done"});
        return;
    }
    a->parker_done = true;
}

void sim_loop_state(sim_machine *m, plat_site at, const uint64_t *values, size_t n)
{
    if (!m->keep_story || m->current < 0)
        return;
    /* Whatever it did before, it is now the place and the values: two runs
     * that arrive here with the same ones go on alike. */
    sim_actor *a = &m->actors[m->current];
    a->promised = true;
    a->story = sim_story_add(0, (uint64_t)(uintptr_t)at.file ^ (uint64_t)(uint32_t)at.line << 32);
    a->story = sim_story_add(a->story, (uint64_t)(uintptr_t)at.label);
    for (size_t k = 0; k < n; k++)
        a->story = sim_story_add(a->story, values[k]);
}

uint32_t sim_actor_op(const sim_machine *m, int i) { return m->actors[i].op; }
