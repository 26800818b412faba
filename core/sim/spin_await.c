/*
 * Spin rounds that change nothing, for the complete searches (DPOR, and the
 * stateful search, which keeps each actor's round in its keys): an actor that
 * re-reads a value nobody changed makes no new behaviour (GenMC's
 * spin-assume, loom's yield), so such rounds must not multiply executions.
 *
 * A *round* of an actor is what it does between two spins or yields that
 * take no virtual time; the first round of a spin begins after the actor's
 * last action that was neither a read nor local work (a write, a park: the
 * loop's entry).  A round is *unchanged* when all it did was read one cell
 * (loads, and CASes that left the cell as it was) and local work, and the
 * cell still holds the value it read when the round ends with the spin.
 * Its next round would read that value again, so the actor *awaits*.  So it
 * does, too, in the middle of a round that so far only read one cell, when
 * its next action reads the cell again and the cell still holds the value
 * read (a fast path's failed CAS, then the spin's first load: the load
 * would read what the CAS read).  For as long as the cell holds that value,
 *
 *   - its step is not an ordinary choice of the search but a *spin-out*: the
 *     actor runs alone for as long as it goes on spinning: local work, and
 *     at the start of each round a re-read of the cell (a load, or a CAS
 *     that would fail) right after an unchanged round.  It stops before
 *     anything else: a write, a park, another cell, or a read that does not
 *     start a round (the loop was left: what follows is new).  That is how a
 *     bounded spin gives up (parking_lot's SpinWait: three spins, seven
 *     yields, then park), and giving up is real behaviour: spinning out and
 *     parking stays.  A spin-out only reads the cell: one event, a load.
 *   - the search prefers every other choice to it;
 *
 * and as soon as the cell holds another value, its step is an ordinary one
 * again and its next round reads the new value.
 *
 * Invariant: the searched runs are runs of the program, and every outcome of
 * the program is the outcome of a searched run, for spin loops whose round
 * count only bounds how long they spin (a round count the program used
 * otherwise would be seen at fewer values).  The rounds left out read a
 * value already read and write nothing; the kept runs differ from the ones
 * left out only in the actor's round count, and giving up is on offer at
 * every round where the actor awaits.  A spin-out that never stops (a spin
 * with no bound, while nobody else moves) is a run that spins forever: every
 * other choice at its node is tried instead (explore.c; a spin-out only
 * reads, so no race would ask for them), and the run is cut when one of
 * them is an ordinary step, tried now or asleep there (those runs cover it),
 * else it reached the step limit (they may all spin forever).
 *
 * Only under the threads model, where spinning takes no time from anybody.
 * Under sequential consistency a cell holds the value every load sees.  Under
 * a weak memory model "the value read" is what the actor's load would read,
 * as the model says (its `reread`): under tso its own newest buffered store
 * to the cell, else memory (its own flushes change nothing it reads, another
 * actor's flush may); under ra the newest store, once its view is there (a
 * round that read an older store is not unchanged: the next may read a
 * newer one), until the cell gets another store.  There only loads read: a
 * CAS drains a store buffer or adds to the cell's history, and a seq_cst
 * load joins the one order of seq_cst accesses, so they begin a round.
 */
#include "explore_internal.h"
#include "machine_internal.h"
#include "mem/model.h"

#include <string.h>

bool spin_await_active(const explorer *e)
{
    const sim_machine *m = e->m;
    return explore_unbounded(e) && e->cfg.spin_await && (m->mem == &sim_mem_sc || m->mem->reread) &&
           strcmp(sim_model_name(m), "threads") == 0;
}

/* What a load of the cell by the actor would read now (see above); false if
 * it could read something other than what its last load of it read. */
static bool reread(const sim_machine *m, int actor, const void *cell, unsigned width, uint64_t *key)
{
    if (!m->mem->reread) {
        *key = sim_cell_read(cell, width);
        return true;
    }
    return m->mem->reread(m, actor, cell, width, key);
}

/* Whether a load or a CAS with this order counts as a read of a round: any
 * under sc; under a weak model a load that is not seq_cst. */
static bool reads_in_round(const sim_machine *m, sim_act_kind kind, unsigned order)
{
    if (!m->mem->reread)
        return kind == SIM_ACT_LOAD || kind == SIM_ACT_CAS;
    return kind == SIM_ACT_LOAD && order != PLAT_SEQ_CST;
}

/* Whether a re-read of `cell` by the actor would read `value` again. */
static bool reads_again(const sim_machine *m, int actor, const void *cell, unsigned width,
                        uint64_t value)
{
    uint64_t key;
    return reread(m, actor, cell, width, &key) && key == value;
}

void spin_await_reset(explorer *e)
{
    memset(e->spin, 0, sizeof e->spin);
    for (int i = 0; i < SIM_MAX_ACTORS; i++)
        e->spin[i].pure = true;
}

/* Whether pending action p would read `cell` and nothing else: a load, or
 * a CAS that would fail (under sc). */
static bool only_reads(const sim_machine *m, const sim_action *p, const void *cell)
{
    if (p->target != cell || !reads_in_round(m, (sim_act_kind)p->kind, p->order))
        return false;
    if (p->kind == SIM_ACT_LOAD)
        return true;
    uint64_t mask = p->width >= 4 ? 0xffffffffu : (1u << (8 * p->width)) - 1;
    return p->kind == SIM_ACT_CAS && sim_cell_read(p->target, p->width) != (p->a & mask);
}

bool spin_await_waits(const explorer *e, int actor)
{
    const sim_machine *m = e->m;
    const spin_round *s = &e->spin[actor];
    if (s->awaiting)
        return reads_again(m, actor, s->await_cell, s->await_width, s->await_value);
    /* a round under way that so far only read its cell, about to read it
     * again while it still holds the same value */
    return s->cell && s->pure && reads_again(m, actor, s->cell, s->width, s->value) &&
           only_reads(m, sim_pending(m, actor), s->cell);
}

/* A spin, a yield or a step of work that takes no virtual time. */
static bool free_local(const sim_machine *m, const sim_action *p)
{
    int64_t cost = p->has_cost ? p->cost : m->cost[p->kind];
    return (p->kind == SIM_ACT_SPIN || p->kind == SIM_ACT_YIELD || p->kind == SIM_ACT_WORK) &&
           cost == 0;
}

int spin_await_step(explorer *e, int actor)
{
    sim_machine *m = e->m;
    const sim_action *p = sim_pending(m, actor);
    sim_act_kind kind = p->kind;
    const void *cell = p->target;
    unsigned width = p->width, order = p->order;
    bool access = sim_act_is_access(kind), local = free_local(m, p);
    uint64_t before = access ? sim_cell_read(cell, width) : 0;
    int r = sim_step(m, actor);
    spin_round *s = &e->spin[actor];
    s->awaiting = false; /* it moved */
    uint64_t after = access ? sim_cell_read(cell, width) : 0;
    if (reads_in_round(m, kind, order) && (kind == SIM_ACT_LOAD || after == before)) {
        /* a read: what a re-read would read now is what it read (under sc
         * the value the cell holds) unless the model says it could read
         * something newer */
        bool settled = reread(m, actor, cell, width, &s->value);
        if ((s->cell && s->cell != cell) || !settled)
            s->pure = false;
        s->cell = cell;
        s->width = (uint8_t)width;
    } else if (local && kind != SIM_ACT_WORK) {
        /* the end of a round */
        if (s->pure && s->cell && reads_again(m, actor, s->cell, s->width, s->value)) {
            s->awaiting = true;
            s->await_cell = s->cell;
            s->await_width = s->width;
            s->await_value = s->value;
        }
        s->cell = NULL;
        s->pure = true;
    } else if (!local) {
        /* anything else: a round of spinning can only begin after it */
        s->cell = NULL;
        s->pure = true;
    }
    return r;
}

/* Whether the awaiting actor's next action goes on spinning: it re-reads
 * the awaited cell (a load, or a CAS that would fail) or is local work. */
static bool spins_on(const explorer *e, int actor)
{
    const sim_machine *m = e->m;
    const spin_round *s = &e->spin[actor];
    const sim_action *p = sim_pending(m, actor);
    if (free_local(m, p))
        return true;
    if (p->target != s->await_cell || !reads_in_round(m, (sim_act_kind)p->kind, p->order))
        return false;
    if (p->kind == SIM_ACT_LOAD)
        return true;
    uint64_t mask = p->width >= 4 ? 0xffffffffu : (1u << (8 * p->width)) - 1;
    return p->kind == SIM_ACT_CAS &&
           sim_cell_read(p->target, p->width) != (p->a & mask); /* it would fail */
}

bool spin_await_spin_out(explorer *e, int actor)
{
    sim_machine *m = e->m;
    /* (await_cell stays as it was: nobody else moves, so every round the
     * actor ends here is an unchanged one over the same cell) */
    spin_await_step(e, actor);
    while (
        sim_outcome_of(m) == SIM_RUNNING && sim_is_enabled(m, actor) &&
        (free_local(m, sim_pending(m, actor)) || (e->spin[actor].awaiting && spins_on(e, actor)))) {
        if (sim_steps(m) >= e->cfg.max_steps)
            return false;
        spin_await_step(e, actor);
    }
    return true;
}
