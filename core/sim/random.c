/*
 * Random values a scenario draws (sim_random): from the schedule being
 * replayed if it carries one, else from the seed.
 *
 * Invariant: a value is drawn once per step that asks and recorded with its
 * step, so going back to an earlier step hands out the same values again,
 * and a schedule replays them exactly; with nothing recorded the value
 * depends only on the seed and the number drawn before.
 */
#include "machine_internal.h"
#include "rng.h"
#include "vec.h"

uint32_t sim_random(sim_machine *m, uint32_t bound)
{
    if (bound <= 1)
        return 0;
    uint32_t v = 0;
    bool ok = false;
    if (m->randoms_used < m->n_randoms && m->randoms[m->randoms_used].step == m->step) {
        v = m->randoms[m->randoms_used].value; /* going back: the same value again */
        ok = true;
    } else if (m->random_source) {
        v = m->random_source(m, bound, &ok, m->random_ctx);
    }
    if (!ok || v >= bound) {
        v = (uint32_t)(sim_splitmix64(&m->rng) % bound); /* deterministic from the seed */
    }
    sim_story_saw(m, v);
    if (m->randoms_used < m->n_randoms && m->randoms[m->randoms_used].step == m->step) {
        m->randoms_used++;
        return v;
    }
    struct sim_random_record *r =
        sim_vec_grow(m->randoms, &m->cap_randoms, m->n_randoms + 1, sizeof *r, 16);
    if (!r)
        return v; /* out of memory: the value is used but not recorded */
    m->randoms = r;
    m->randoms[m->n_randoms++] = (struct sim_random_record){m->step, v, bound};
    m->randoms_used = m->n_randoms;
    return v;
}

void sim_set_random_source(sim_machine *m,
                           uint32_t (*source)(sim_machine *m, uint32_t bound, bool *ok, void *ctx),
                           void *ctx)
{
    m->random_source = source;
    m->random_ctx = ctx;
}

size_t sim_random_count(const sim_machine *m) { return m->randoms_used; }
void sim_random_at(const sim_machine *m, size_t i, uint32_t *value, uint64_t *step)
{
    *value = m->randoms[i].value;
    *step = m->randoms[i].step;
}
