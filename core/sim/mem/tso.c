/*
 * mem/tso.c: x86-TSO, total store order with a store buffer per actor.
 *
 * Invariant: memory is the cells; a store an actor makes waits in that
 * actor's FIFO store buffer and reaches memory only by a flush, the oldest
 * first, so every actor sees one order of stores reaching memory and its own
 * stores in its program order.  A load reads the actor's own newest buffered
 * store to the cell, else memory.  What x86 makes wait for the buffer to
 * empty drains it first: a read-modify-write (a locked instruction), a
 * seq_cst store (compilers emit xchg) and a seq_cst fence (mfence), and the
 * platform's locks and parkers (they synchronise as a mutex and a futex do).
 * Acquire, release and relaxed ask x86 for nothing more: loads and stores
 * are ordered already, except a store followed by a load, which is the one
 * reordering this model lets the learner see.
 *
 * The flush choice (flush(A), choice.h) is offered for every actor whose
 * buffer holds a store, and a run is not over until every buffer is empty.
 */
#include "model.h"

static sim_store_buffer *buffer_of(sim_machine *m, int actor) { return &m->memory.buffers[actor]; }

static const sim_buffered_store *oldest(const sim_store_buffer *b) { return &b->entries[b->head]; }

/* The newest store in the buffer to this cell, or NULL. */
static const sim_buffered_store *newest_to(const sim_store_buffer *b, const void *cell)
{
    for (int k = b->n; k-- > 0;) {
        const sim_buffered_store *s = &b->entries[(b->head + k) % SIM_STORE_BUFFER_MAX];
        if (s->cell == cell)
            return s;
    }
    return NULL;
}

/* Move the oldest buffered store of `actor` to memory, and trace it. */
static void flush_oldest(sim_machine *m, int actor)
{
    sim_store_buffer *b = buffer_of(m, actor);
    const sim_buffered_store *s = oldest(b);
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)actor,
                   .kind = SIM_EV_FLUSH,
                   .width = s->width,
                   .region = -1,
                   .other = -1,
                   .old_v = sim_cell_read(s->cell, s->width),
                   .new_v = s->value,
                   .a = s->step};
    if (m->cfg.trace) {
        int elem = 0;
        e.region = (int16_t)sim_region_of(m, s->cell, &elem);
        e.elem = (int16_t)elem;
        e.is_signed = sim_cell_signed(m, s->cell);
    }
    sim_cell_write(s->cell, s->width, s->value);
    b->head = (uint8_t)((b->head + 1) % SIM_STORE_BUFFER_MAX);
    if (--b->n == 0)
        m->memory.nonempty &= ~(1u << actor);
    sim_emit(m, &e);
}

static void drain(sim_machine *m, int actor)
{
    while (buffer_of(m, actor)->n)
        flush_oldest(m, actor);
}

/* What `actor` sees in the cell now: its own newest buffered store, else
 * memory; *buffered says which. */
static uint64_t seen_by(sim_machine *m, int actor, const sim_action *p, uint8_t *buffered)
{
    const sim_buffered_store *s = newest_to(buffer_of(m, actor), p->target);
    *buffered = s != NULL;
    return s ? s->value : sim_cell_read(p->target, p->width);
}

/* A load sees one value: its own newest buffered store, else memory (its
 * own flushes do not change it; another actor's flush may). */
static bool tso_reread(const sim_machine *m, int actor, const void *cell, unsigned width,
                       uint64_t *key)
{
    const sim_buffered_store *s = newest_to(&m->memory.buffers[actor], cell);
    *key = s ? s->value : sim_cell_read(cell, width);
    return true;
}

static void buffer_store(sim_machine *m, int actor, const sim_action *p, uint64_t v)
{
    sim_store_buffer *b = buffer_of(m, actor);
    if (b->n == SIM_STORE_BUFFER_MAX)
        flush_oldest(m, actor); /* a full buffer makes room first */
    sim_buffered_store *s = &b->entries[(b->head + b->n) % SIM_STORE_BUFFER_MAX];
    *s = (sim_buffered_store){
        .cell = p->target, .value = (uint32_t)v, .width = p->width, .step = m->step};
    b->n++;
    m->memory.nonempty |= 1u << actor;
}

static uint64_t tso_access(sim_machine *m, int actor, const sim_action *p, sim_event *e)
{
    e->order = p->order;
    if (p->kind == SIM_ACT_LOAD) {
        uint64_t v = seen_by(m, actor, p, &e->buffered);
        e->old_v = e->new_v = v;
        if (e->buffered) /* what the other actors would read: memory's value */
            e->b = sim_cell_read(p->target, p->width);
        return v;
    }
    if (p->kind == SIM_ACT_STORE) {
        uint8_t own;
        e->old_v = seen_by(m, actor, p, &own);
        e->new_v = p->a & (p->width >= 4 ? 0xffffffffull : (1ull << (8 * p->width)) - 1);
        buffer_store(m, actor, p, e->new_v);
        e->buffered = 1;
        if (p->order == PLAT_SEQ_CST) /* xchg: the store and everything before it */
            drain(m, actor);
        return e->old_v;
    }
    /* A locked instruction: the buffer drains, then it works on memory. */
    drain(m, actor);
    return sim_mem_sc.access(m, actor, p, e);
}

static void tso_synchronise(sim_machine *m, int actor, const sim_action *p)
{
    if (p->order == PLAT_SEQ_CST)
        drain(m, actor);
}

static int tso_choices(const sim_machine *m, sim_choice *out)
{
    int n = 0;
    for (uint32_t set = m->memory.nonempty; set; set &= set - 1)
        out[n++] = sim_flush_choice(__builtin_ctz(set));
    return n;
}

static int tso_take(sim_machine *m, sim_choice c)
{
    if (c.kind != SIM_CHOICE_FLUSH || c.actor < 0 || c.actor >= m->n_actors ||
        !m->memory.buffers[c.actor].n)
        return -1;
    flush_oldest(m, c.actor);
    return 0;
}

static const void *tso_choice_cell(const sim_machine *m, sim_choice c)
{
    if (c.kind != SIM_CHOICE_FLUSH || !m->memory.buffers[c.actor].n)
        return NULL;
    return oldest(&m->memory.buffers[c.actor])->cell;
}

static bool tso_dependent(const sim_machine *m, sim_choice a, sim_choice b)
{
    if (a.kind != SIM_CHOICE_FLUSH) {
        sim_choice t = a;
        a = b;
        b = t;
    }
    const void *cell = tso_choice_cell(m, a);
    if (b.kind == SIM_CHOICE_FLUSH) /* two buffers reaching memory: the same cell? */
        return a.actor == b.actor || cell == tso_choice_cell(m, b);
    if (b.kind != SIM_CHOICE_STEP)
        return true;
    const sim_action *p = &m->actors[b.actor].pending;
    return sim_flush_step_dependent(a.actor, cell, b.actor, p->kind, p->target);
}

static void tso_reset(sim_machine *m)
{
    for (uint32_t set = m->memory.nonempty; set; set &= set - 1)
        m->memory.buffers[__builtin_ctz(set)].n = 0;
    m->memory.nonempty = 0;
}

/* {"buffers": {"A": [{"object": "x", "value": 1, "step": 3}, ...], ...}}:
 * every actor's waiting stores, oldest first. */
static void tso_state_json(const sim_machine *m, jbuf *b)
{
    jb_raw(b, "{");
    jb_key(b, "model");
    jb_str(b, "tso");
    jb_key(b, "buffers");
    jb_raw(b, "{");
    for (int i = 0; i < m->n_actors; i++) {
        const sim_store_buffer *buf = &m->memory.buffers[i];
        jb_key(b, m->actors[i].name);
        jb_raw(b, "[");
        for (int k = 0; k < buf->n; k++) {
            const sim_buffered_store *s = &buf->entries[(buf->head + k) % SIM_STORE_BUFFER_MAX];
            jb_sep(b);
            jb_raw(b, "{");
            sim_mem_cell_json(m, s->cell, b);
            jb_key(b, "value");
            jb_int(b, sim_cell_value(m, s->cell, s->width, s->value));
            jb_key(b, "step");
            jb_int(b, (int64_t)s->step);
            jb_raw(b, "}");
        }
        jb_raw(b, "]");
    }
    jb_raw(b, "}}");
}

const sim_mem_model sim_mem_tso = {
    .name = "tso",
    .access = tso_access,
    .synchronise = tso_synchronise,
    .choices = tso_choices,
    .take = tso_take,
    .dependent = tso_dependent,
    .choice_cell = tso_choice_cell,
    .reset = tso_reset,
    .state_json = tso_state_json,
    .reread = tso_reread,
};
