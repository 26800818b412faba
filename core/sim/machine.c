/*
 * A machine: made, filled with a world by its setup function, reset, freed.
 *
 * Invariant: a reset machine is exactly what the setup function builds from
 * nothing, plus the configuration: step 0, time 0, no trace, the seed's
 * generator, every non-dormant actor run up to its first announced action.
 * Going back (sim_goto) relies on it: rebuild, then take the recorded
 * choices again.  The timeline (history, random values) is the one thing a
 * rebuild keeps; sim_reset drops it too.
 */
#include "address_map.h"
#include "escape.h"
#include "machine_internal.h"
#include "mem/model.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sim_fail(sim_machine *m, const char *fmt, ...)
{
    char raw[sizeof m->last_error];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    text_escape(m->last_error, sizeof m->last_error, raw); /* names may come from input */
}

sim_machine *sim_new(const sim_config *cfg, sim_setup_fn setup, void *arg, const sim_hooks *hooks)
{
    sim_machine *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    if (cfg)
        m->cfg = *cfg;
    if (m->cfg.stack_size == 0)
        m->cfg.stack_size = CORO_DEFAULT_STACK;
    snprintf(m->variant, sizeof m->variant, "%s", m->cfg.variant ? m->cfg.variant : "correct");
    m->cfg.variant = m->variant;
    m->setup = setup;
    m->setup_arg = arg;
    if (hooks)
        m->hooks = *hooks;
    m->host = coro_host();
    m->current = -1;
    m->model = sim_model_named(m->cfg.model); /* NULL: unknown, reported by reset */
    m->mem = sim_mem_model_named(m->cfg.memory);
    if (m->mem)
        m->cfg.memory = m->mem->name; /* the caller's string need not outlive this */
    if (m->model) {
        m->may_step = m->model->may_step;
        m->update = m->model->update;
        m->performed = m->model->performed;
    }
    return m;
}

void sim_free(sim_machine *m)
{
    if (!m)
        return;
    for (int i = 0; i < SIM_MAX_ACTORS; i++)
        coro_free(m->actors[i].co);
    for (int i = 0; i < m->n_globals; i++)
        free(m->globals[i].data);
    sim_clear_trace(m);
    free(m->events);
    free(m->texts);
    free(m->prints);
    free(m->history);
    free(m->randoms);
    sim_mem_state_free(&m->memory);
    free(m);
}

void sim_fail_setup(sim_machine *m, const char *message) { sim_fail(m, "%s", message); }

static int rebuild(sim_machine *m)
{
    /* Free actors' coroutines beyond what the new world will use lazily. */
    m->n_actors = 0;
    m->n_regions = 0;
    m->next_vaddr = SIM_OBJECTS_AUTO;
    m->current = -1;
    m->step_open = false;
    m->step = 0;
    m->now = 0;
    m->timer_late = m->timer_jitter = 0;
    m->outcome = SIM_RUNNING;
    m->cs_inside = 0;
    m->cs_owner = -1;
    m->cs_depth = 0;
    m->arm_any = false;
    memset(&m->sched, 0, sizeof m->sched);
    if (m->mem && m->mem->reset)
        m->mem->reset(m);
    m->sched.current = -1;
    m->sched.rtos.tick_us = m->cfg.tick_us > 0 ? m->cfg.tick_us : 1000;
    m->rng = m->cfg.seed * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull;
    m->end_kind[0] = m->end_message[0] = 0;
    m->end_reference[0] = m->end_thrown[0] = 0;
    m->end_actor = -1;
    m->randoms_used = 0;
    for (int i = 0; i < m->n_globals; i++)
        m->globals[i].live = false;
    sim_clear_trace(m);
    if (!m->mem) {
        sim_fail(m, "unknown memory model '%s' (sc, tso or ra)", m->cfg.memory);
        m->outcome = SIM_ERROR;
        return -1;
    }
    if (!m->model) {
        sim_fail(m, "unknown scheduling model '%s' (threads, rtos or executor)", m->cfg.model);
        m->outcome = SIM_ERROR;
        return -1;
    }
    sim_running_machine = m; /* engines may ask plat_variant() while being built */
    int built = m->setup(m, m->setup_arg);
    sim_running_machine = NULL;
    if (built != 0) {
        m->outcome = SIM_ERROR;
        snprintf(m->end_kind, sizeof m->end_kind, "error");
        snprintf(m->end_message, sizeof m->end_message, "%s", m->last_error);
        return -1;
    }
    /* Only interrupt handlers and the models with a tick offer choices that are
     * not steps: a plain threads world skips looking for them at every step. */
    m->extras = (m->model->extra_choices && m->model != &sim_model_threads) || m->mem->choices;
    for (int i = 0; i < m->n_actors; i++)
        m->extras = m->extras || (m->model->extra_choices && m->actors[i].dormant);
    sim_start_actors(m);
    if (m->model->start)
        m->model->start(m);
    sim_settle(m, -1);
    return 0;
}

int sim_reset(sim_machine *m)
{
    m->history_len = 0;
    m->n_randoms = 0;
    return rebuild(m);
}

int sim_goto(sim_machine *m, uint64_t n)
{
    if (n > m->history_len) {
        sim_fail(m, "step %llu is beyond the recorded %zu steps", (unsigned long long)n,
                 m->history_len);
        return -1;
    }
    size_t keep = m->history_len;
    if (rebuild(m) != 0)
        return -1;
    m->history_len = keep;
    while (m->step < n) {
        const sim_step_record *r = &m->history[m->step];
        sim_choice c = {r->what, r->actor, r->arg};
        if (sim_take(m, c) != 0)
            return -1;
    }
    return 0;
}

uint64_t sim_steps(const sim_machine *m) { return m->step; }
int64_t sim_now(const sim_machine *m) { return m->now; }
void sim_set_timer_late(sim_machine *m, int64_t late_us, int64_t jitter_us)
{
    m->timer_late = late_us > 0 ? late_us : 0;
    m->timer_jitter = jitter_us > 0 ? jitter_us : 0;
}

int64_t sim_timer_late(const sim_machine *m, int64_t *jitter_us)
{
    *jitter_us = m->timer_jitter;
    return m->timer_late;
}
sim_outcome sim_outcome_of(const sim_machine *m) { return m->outcome; }
const char *sim_error(const sim_machine *m) { return m->last_error; }
const char *sim_variant(const sim_machine *m) { return m->variant; }
const char *sim_end_kind(const sim_machine *m) { return m->end_kind; }
const char *sim_end_message(const sim_machine *m) { return m->end_message; }
void sim_set_trace(sim_machine *m, bool on) { m->cfg.trace = on; }
