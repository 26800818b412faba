/*
 * The list of scheduling models, and the rules they share: the dependence of
 * two choices by the actions behind them, and raising a handler from the
 * environment (see model.h).
 */
#include "../machine_internal.h"

#include <string.h>

const sim_model *sim_model_named(const char *name)
{
    static const sim_model *const models[] = {&sim_model_threads, &sim_model_rtos,
                                              &sim_model_executor};
    if (!name || !*name)
        return &sim_model_threads;
    for (size_t i = 0; i < sizeof models / sizeof models[0]; i++)
        if (strcmp(models[i]->name, name) == 0)
            return models[i];
    return NULL;
}

bool sim_steps_dependent(const sim_machine *m, int a, int b)
{
    return a == b || sim_actions_dependent(&m->actors[a].pending, &m->actors[b].pending);
}

/* Whether a step by actor s names handler h (raises it, or is it). */
static bool step_touches_handler(const sim_machine *m, int s, int h)
{
    const sim_action *p = &m->actors[s].pending;
    if (sim_act_schedules(p->kind) && p->kind != SIM_ACT_RAISE)
        return true; /* masking or a priority decides whether the handler may start */
    return s == h || (p->kind == SIM_ACT_RAISE && ((const plat_parker *)p->target)->owner == h);
}

bool sim_dependent_default(const sim_machine *m, sim_choice a, sim_choice b)
{
    if (a.kind == SIM_CHOICE_STEP && b.kind == SIM_CHOICE_STEP)
        return sim_steps_dependent(m, a.actor, b.actor);
    if (a.kind == SIM_CHOICE_IRQ && b.kind == SIM_CHOICE_STEP)
        return step_touches_handler(m, b.actor, a.actor);
    if (a.kind == SIM_CHOICE_STEP && b.kind == SIM_CHOICE_IRQ)
        return step_touches_handler(m, a.actor, b.actor);
    if (a.kind == SIM_CHOICE_IRQ && b.kind == SIM_CHOICE_IRQ)
        return a.actor == b.actor; /* arming two handlers commutes */
    return true;                   /* tick and anything else: assume the worst */
}

int sim_irq_env_choices(const sim_machine *m, sim_choice *out)
{
    int n = 0;
    for (int i = 0; i < m->n_actors; i++)
        if (m->actors[i].dormant && m->actors[i].raises_left > 0)
            out[n++] = sim_irq_choice(i);
    return n;
}

int sim_irq_take(sim_machine *m, sim_choice c)
{
    sim_actor *a = &m->actors[c.actor];
    if (c.kind != SIM_CHOICE_IRQ || !a->dormant || a->raises_left == 0)
        return -1;
    a->raises_left--;
    sim_arm(m, c.actor);
    return 0;
}
