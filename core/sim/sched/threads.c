/*
 * The threads model: every actor the machine's enabled rule allows may step.
 *
 * Rule: the choices are step(A) for every actor A that is not finished,
 * not dormant and not waiting (for a lock, a wake or a time), and irq(H) for
 * every dormant handler H the environment may still raise.  A raised handler
 * is then one more actor that may step: threads know no priorities and no
 * masking, so nothing preempts anybody; the learner or the policy decides.
 * Two choices depend on each other when their actions touch the same object
 * (and are not both loads), or when a step raises the handler of an irq.
 */
#include "../machine_internal.h"

static int threads_extra(const sim_machine *m, sim_choice *out)
{
    return sim_irq_env_choices(m, out);
}

const sim_model sim_model_threads = {
    .name = "threads",
    .extra_choices = threads_extra,
    .take_extra = sim_irq_take,
    .dependent = sim_dependent_default,
};
