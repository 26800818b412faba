/*
 * mem/ra_story.c: the words for a load that read an older store, under ra.
 *
 * Invariant: every load of the run's trace that read a store older than the
 * newest one of its cell gets one line, made from the trace alone: which
 * store it read, which newer one it did not, and why the model allowed it
 * (the reader's view of the cell had not reached the newer store: what it
 * had read from that store's writer carried no view, because the store was
 * relaxed or the load was).  A counterexample's report says so, so the
 * learner sees where a relaxed publication let the data stay old.
 */
#include "model.h"

#include <stdio.h>

static int64_t value_of(const sim_event *e, uint64_t raw)
{
    return e->is_signed ? sim_signed_value(raw, e->width) : (int64_t)raw;
}

/* "data": the cell an access touched (its object's name). */
static const char *cell_name(const sim_machine *m, const sim_event *e)
{
    return e->region >= 0 ? m->regions[e->region].name : "a cell";
}

/* The event of the store made at step `step` in the cell of `access` (made
 * before event `before`), or NULL: found by its step, since a store's place
 * in modification order moves when another is placed before it. */
static const sim_event *store_event(const sim_machine *m, const sim_event *access, uint64_t step,
                                    size_t before)
{
    for (size_t i = before; step && i-- > 0;) {
        const sim_event *e = &m->events[i];
        if (e->step == step && e->ra_wrote && e->ra_cell == access->ra_cell &&
            e->kind < SIM_ACT_COUNT && e->actor >= 0)
            return e;
    }
    return NULL;
}

/* The reader's last load before `load` that read a store `writer` made after
 * step `after` (what could have brought the newer store along), or NULL. */
static const sim_event *read_from_writer(const sim_machine *m, const sim_event *load, int writer,
                                         uint64_t after, size_t before)
{
    for (size_t i = before; i-- > 0;) {
        const sim_event *e = &m->events[i];
        if (e->actor == load->actor && e->ra_read && e->ra_read_by == writer &&
            e->ra_read_at > after)
            return e;
    }
    return NULL;
}

static bool releases(unsigned order)
{
    return order == PLAT_RELEASE || order == PLAT_ACQ_REL || order == PLAT_SEQ_CST;
}

/* B's load of data ('load value', cell.c:14, step 4) read 0, the initial value, not 1 stored
 * by A at step 1: B read the store to flag ('store value') from A (step 2), but its view still
 * held data's initial store: the store was relaxed */
static void say_stale_read(const sim_machine *m, size_t i, jbuf *out)
{
    const sim_event *e = &m->events[i];
    const char *reader = m->actors[e->actor].name;
    jb_printf(out, "%s's load of %s (", reader, cell_name(m, e));
    if (e->site.label)
        jb_printf(out, "'%s', ", e->site.label);
    if (e->site.file)
        jb_printf(out, "%s:%d, ", sim_site_file(e->site.file), e->site.line);
    jb_printf(out, "step %llu) read %lld", (unsigned long long)e->step,
              (long long)value_of(e, e->new_v));
    if (e->ra_read_by < 0)
        jb_raw(out, ", the initial value,");
    else
        jb_printf(out, ", stored by %s at step %llu,", m->actors[e->ra_read_by].name,
                  (unsigned long long)e->ra_read_at);
    const sim_event *newer = store_event(m, e, e->ra_newer_at, i);
    if (!newer) {
        jb_raw(out, " not the newest store");
        return;
    }
    const char *writer = m->actors[newer->actor].name;
    jb_printf(out,
              " not %lld stored by %s at step %llu: ", (long long)value_of(newer, newer->new_v),
              writer, (unsigned long long)newer->step);
    const char *held = e->ra_read_by < 0 ? "initial" : "older";
    const sim_event *via = read_from_writer(m, e, newer->actor, newer->step, i);
    const sim_event *published = via ? store_event(m, via, via->ra_read_at, i) : NULL;
    if (!published) {
        jb_printf(out,
                  "its view still held %s's %s store (nothing it read from %s since carried "
                  "the newer one along)",
                  cell_name(m, e), held, writer);
        return;
    }
    jb_printf(out, "%s read the store to %s", reader, cell_name(m, published));
    if (published->site.label)
        jb_printf(out, " ('%s')", published->site.label);
    jb_printf(out, " from %s (step %llu), but its view still held %s's %s store: %s", writer,
              (unsigned long long)published->step, cell_name(m, e), held,
              releases(published->order) ? "the load was relaxed" : "the store was relaxed");
}

/* Whether event i is a load that read a store older than its cell's newest. */
static bool is_stale_read(const sim_machine *m, size_t i)
{
    const sim_event *e = &m->events[i];
    return e->kind == SIM_ACT_LOAD && e->ra_read && e->ra_read < e->ra_stores && e->actor >= 0;
}

void sim_ra_story(const sim_machine *m, jbuf *out)
{
    if (m->mem != &sim_mem_ra)
        return;
    for (size_t i = 0; i < m->n_events; i++) {
        if (!is_stale_read(m, i))
            continue;
        jb_raw(out, "read: ");
        say_stale_read(m, i, out);
        jb_raw(out, "\n");
    }
}

/* {"value", "step", "by"}: a store of the cell, by its event (NULL: the initial value). */
static void store_json(const sim_machine *m, const sim_event *st, int64_t initial, jbuf *out)
{
    jb_raw(out, "{");
    jb_key(out, "value");
    jb_int(out, st ? value_of(st, st->new_v) : initial);
    jb_key(out, "step");
    jb_int(out, st ? (int64_t)st->step : 0);
    jb_key(out, "by");
    if (st)
        jb_str(out, m->actors[st->actor].name);
    else
        jb_raw(out, "null");
    jb_raw(out, "}");
}

void sim_ra_reads_json(const sim_machine *m, jbuf *out)
{
    jb_raw(out, "[");
    for (size_t i = 0; m->mem == &sim_mem_ra && i < m->n_events; i++) {
        if (!is_stale_read(m, i))
            continue;
        const sim_event *e = &m->events[i];
        jb_sep(out);
        jb_raw(out, "{");
        jb_key(out, "actor");
        jb_str(out, m->actors[e->actor].name);
        jb_key(out, "object");
        jb_str(out, cell_name(m, e));
        jb_key(out, "label");
        jb_str(out, e->site.label);
        jb_key(out, "site");
        if (e->site.file) {
            char site[300];
            snprintf(site, sizeof site, "%s:%d", sim_site_file(e->site.file), e->site.line);
            jb_str(out, site);
        } else {
            jb_raw(out, "null");
        }
        jb_key(out, "step");
        jb_int(out, (int64_t)e->step);
        jb_key(out, "read");
        store_json(m, e->ra_read_by < 0 ? NULL : store_event(m, e, e->ra_read_at, i),
                   value_of(e, e->new_v), out);
        jb_key(out, "newer");
        const sim_event *newer = store_event(m, e, e->ra_newer_at, i);
        if (newer)
            store_json(m, newer, 0, out);
        else
            jb_raw(out, "null");
        jb_key(out, "text");
        jbuf text = {0};
        say_stale_read(m, i, &text);
        jb_str(out, text.text);
        jb_free(&text);
        jb_raw(out, "}");
    }
    jb_raw(out, "]");
}
