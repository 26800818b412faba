/*
 * mem/ra.c: C11 release/acquire and relaxed atomics, as views over each
 * cell's history of stores.
 *
 * Invariant: every atomic cell keeps all its stores in modification order
 * (index 0 is the value the cell held when the run first touched it), and
 * the cell itself holds the newest one, so final assertions and the views
 * read what the program left.  A store joins at the end, unless the choice
 * place(A, P) puts it at an earlier place P: any place after the newest
 * store in its actor's view, except between a store and the
 * read-modify-write that read it.  Every view points at stores, not places,
 * so the stores from P on move one place up in every view at once.  Each actor has
 * a view: for every cell, the oldest store it may still read.  A load may
 * read any store of the cell not older than its view; reading the newest is
 * the plain step, reading an older one is the choice read_from(A, k), so the
 * learner, a policy or the explorer decides which store a load sees.
 * Reading a store moves the reader's view of that cell up to it (no going
 * back in time: CoRR).  A release store carries its actor's whole view as
 * the store's message; an acquire load that reads it joins that view into
 * its own (message passing).  A relaxed store carries only what its actor's
 * last release fence published, and a relaxed load's message waits for the
 * reader's next acquire fence.  A read-modify-write reads the newest store
 * and adds its own right after it, and its message carries the one it read
 * (release sequences).  seq_cst fences keep one view of their own, joined
 * both ways, so all seq_cst fences fall in one order; a seq_cst access is a
 * seq_cst fence, the access as acquire/release, then a seq_cst fence.  The
 * A load does not read the same older store twice in a row: once an actor
 * has seen a store that is no longer the newest, its next load of that cell
 * reads a newer one, so a loop that waits for a store ends (C11 asks that a
 * store become visible "in a finite period of time"; this makes the period
 * one look).  The
 * platform's locks and parkers synchronise as a mutex and a futex do: an
 * unlock or an unpark publishes the actor's view on the object, a lock or a
 * woken park joins it.  A load can only read a store already performed, so
 * no value appears out of thin air (load buffering is forbidden).
 *
 * The model is the view-based semantics of Kang, Hur, Lahav, Vafeiadis and
 * Dreyer (POPL 2017) without promises, a store's timestamp being its place
 * in modification order: it allows no outcome that RC11 forbids, 2+2W
 * included among those it allows (docs/MEMORY.md says what it leaves out).
 */
#include "model.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sim_ra_state *ra_of(sim_machine *m) { return &m->memory.ra; }

static bool acquires(unsigned order)
{
    return order == PLAT_ACQUIRE || order == PLAT_ACQ_REL || order == PLAT_SEQ_CST;
}

static bool releases(unsigned order)
{
    return order == PLAT_RELEASE || order == PLAT_ACQ_REL || order == PLAT_SEQ_CST;
}

static void join(sim_ra_view *into, const sim_ra_view *from, int n)
{
    for (int k = 0; k < n; k++)
        if (from->ts[k] > into->ts[k])
            into->ts[k] = from->ts[k];
}

/* The index of a cell, or -1 if the run has not touched it. */
static int cell_find(const sim_ra_state *s, const void *cell)
{
    for (int k = 0; k < s->n_cells; k++)
        if (s->cells[k].cell == cell)
            return k;
    return -1;
}

/* Puts store `st` at place `at` of the cell (at most c->n: the end); the
 * stores from `at` on move one place up. */
static bool insert_store(sim_ra_cell *c, uint32_t at, sim_ra_store st)
{
    if (c->n == c->cap) {
        uint32_t cap = c->cap ? 2 * c->cap : 8;
        sim_ra_store *grown = realloc(c->stores, cap * sizeof *grown);
        if (!grown)
            return false;
        c->stores = grown;
        c->cap = cap;
    }
    memmove(&c->stores[at + 1], &c->stores[at], (c->n - at) * sizeof *c->stores);
    c->stores[at] = st;
    c->n++;
    return true;
}

/* The index of the access's cell, its history begun with the value the cell
 * holds now (its initial store); -1 when the model has no room (the run
 * ends with an error). */
static int cell_of(sim_machine *m, const sim_action *p)
{
    sim_ra_state *s = ra_of(m);
    int k = cell_find(s, p->target);
    if (k >= 0)
        return k;
    if (s->n_cells == SIM_RA_MAX_CELLS) {
        sim_end_error(m, "the ra memory model follows at most 64 atomic cells in a run");
        return -1;
    }
    sim_ra_cell *c = &s->cells[s->n_cells];
    c->cell = p->target;
    c->width = p->width;
    c->n = 0;
    sim_ra_store initial = {.value = (uint32_t)sim_cell_read(p->target, p->width), .actor = -1};
    if (!insert_store(c, 0, initial)) {
        sim_end_error(m, "out of memory for the ra memory model's stores");
        return -1;
    }
    return s->n_cells++;
}

/* A copy of a view kept as a store's message: 1 + its index, 0 if none. */
static uint32_t keep_view(sim_machine *m, const sim_ra_view *v)
{
    sim_ra_state *s = ra_of(m);
    if (s->n_views == s->cap_views) {
        uint32_t cap = s->cap_views ? 2 * s->cap_views : 16;
        sim_ra_view *grown = realloc(s->views, cap * sizeof *grown);
        if (!grown) {
            sim_end_error(m, "out of memory for the ra memory model's views");
            return 0;
        }
        s->views = grown;
        s->cap_views = cap;
    }
    s->views[s->n_views] = *v;
    return ++s->n_views;
}

static bool view_is_empty(const sim_ra_view *v, int n)
{
    for (int k = 0; k < n; k++)
        if (v->ts[k])
            return false;
    return true;
}

/* A seq_cst fence of `actor`: it takes what earlier ones published and
 * publishes its own view, so all of them fall in one order. */
static void fence_sc(sim_ra_state *s, int actor)
{
    join(&s->cur[actor], &s->acq[actor], s->n_cells);
    join(&s->cur[actor], &s->sc, s->n_cells);
    s->sc = s->cur[actor];
    s->rel[actor] = s->cur[actor];
    s->acq[actor] = s->cur[actor];
}

/* The oldest store of cell k that `actor`'s access (kind, order) may read. */
static uint32_t oldest_readable(const sim_ra_state *s, int actor, int k, unsigned order)
{
    uint32_t floor = s->cur[actor].ts[k];
    if (order == PLAT_SEQ_CST) { /* the fence before it raises the view first */
        if (s->acq[actor].ts[k] > floor)
            floor = s->acq[actor].ts[k];
        if (s->sc.ts[k] > floor)
            floor = s->sc.ts[k];
    }
    return floor;
}

/* `actor` reads store `at` of cell k with `order`: its view moves up, and
 * the store's message joins its view (acquire) or waits for its next
 * acquire fence (relaxed). */
static void read_store(sim_ra_state *s, int actor, int k, uint32_t at, unsigned order)
{
    const sim_ra_store *st = &s->cells[k].stores[at];
    if (at > s->cur[actor].ts[k])
        s->cur[actor].ts[k] = at;
    if (st->view)
        join(acquires(order) ? &s->cur[actor] : &s->acq[actor], &s->views[st->view - 1],
             s->n_cells);
    join(&s->acq[actor], &s->cur[actor], s->n_cells);
}

/* A timestamp of cell k in a view, once a store has taken place `at`: the
 * store it names moved up one place if it was at `at` or later.  `plus`
 * is 1 for the views that keep 1 + an index (0: none). */
static void shift(sim_ra_view *v, int k, uint32_t at, uint32_t plus)
{
    if (v->ts[k] >= at + plus)
        v->ts[k]++;
}

/* Every view of the model keeps naming the same stores of cell k after a
 * store takes place `at` before the end. */
static void make_room(sim_ra_state *s, int k, uint32_t at)
{
    for (int i = 0; i < SIM_MAX_ACTORS; i++) {
        shift(&s->cur[i], k, at, 0);
        shift(&s->acq[i], k, at, 0);
        shift(&s->rel[i], k, at, 0);
        shift(&s->last_read[i], k, at, 1);
    }
    shift(&s->sc, k, at, 0);
    for (uint32_t j = 0; j < s->n_views; j++)
        shift(&s->views[j], k, at, 0);
    for (int j = 0; j < s->n_sync; j++)
        shift(&s->sync[j].view, k, at, 0);
}

/* `actor` adds a store of value v to cell k at place `at` (c->n: the end);
 * `read` is the message of the store a read-modify-write read (0: none; a
 * read-modify-write goes at the end, right after the store it read).
 * Returns `at`. */
static uint32_t write_store(sim_machine *m, int actor, int k, uint64_t v, unsigned order,
                            uint32_t at, bool rmw, uint32_t read)
{
    sim_ra_state *s = ra_of(m);
    sim_ra_cell *c = &s->cells[k];
    if (at < c->n)
        make_room(s, k, at);
    s->cur[actor].ts[k] = at;
    join(&s->acq[actor], &s->cur[actor], s->n_cells);
    sim_ra_view msg = releases(order) ? s->cur[actor] : s->rel[actor];
    if (read)
        join(&msg, &s->views[read - 1], s->n_cells);
    uint32_t view = 0;
    if (!view_is_empty(&msg, s->n_cells)) {
        msg.ts[k] = at;
        view = keep_view(m, &msg);
    }
    sim_ra_store st = {.value = (uint32_t)v,
                       .view = view,
                       .step = m->step,
                       .actor = (int16_t)actor,
                       .order = (uint8_t)order,
                       .rmw = rmw};
    if (!insert_store(c, at, st))
        sim_end_error(m, "out of memory for the ra memory model's stores");
    sim_cell_write(c->cell, c->width, c->stores[c->n - 1].value); /* it holds the newest */
    return at;
}

static void note_read(sim_event *e, const sim_ra_cell *c, uint32_t at)
{
    e->ra_read = at + 1;
    e->ra_stores = c->n;
    e->ra_read_by = c->stores[at].actor;
    e->ra_read_at = c->stores[at].step;
    if (at + 1 < c->n)
        e->ra_newer_at = c->stores[at + 1].step;
}

/* The place a store of `actor` takes: the one a place choice names, else
 * the end; the event says which store it went before. */
static uint32_t place_of(sim_ra_state *s, int actor, const sim_ra_cell *c, sim_event *e)
{
    uint32_t at = c->n;
    if (s->place_actor == actor && s->place_at >= 0)
        at = (uint32_t)s->place_at;
    s->place_actor = -1;
    s->place_at = -1;
    if (at < c->n) {
        e->ra_before_by = c->stores[at].actor;
        e->ra_before_at = c->stores[at].step;
    }
    return at;
}

static uint64_t ra_access(sim_machine *m, int actor, const sim_action *p, sim_event *e)
{
    sim_ra_state *s = ra_of(m);
    e->order = p->order;
    int k = cell_of(m, p);
    if (k < 0)
        return sim_mem_sc.access(m, actor, p, e);
    sim_ra_cell *c = &s->cells[k];
    e->ra_cell = (uint8_t)(k + 1);
    if (p->order == PLAT_SEQ_CST)
        fence_sc(s, actor);
    uint64_t result;
    if (p->kind == SIM_ACT_LOAD) {
        uint32_t at = c->n - 1; /* the newest, unless a read_from choice says otherwise */
        if (s->read_actor == actor && s->read_store >= 0)
            at = (uint32_t)s->read_store;
        s->read_actor = -1;
        s->read_store = -1;
        s->last_read[actor].ts[k] = at + 1;
        note_read(e, c, at);
        read_store(s, actor, k, at, p->order);
        e->old_v = e->new_v = result = c->stores[at].value;
    } else if (p->kind == SIM_ACT_STORE) {
        e->old_v = c->stores[c->n - 1].value;
        e->new_v = p->a & (p->width >= 4 ? 0xffffffffull : (1ull << (8 * p->width)) - 1);
        uint32_t at = place_of(s, actor, c, e);
        e->ra_wrote = write_store(m, actor, k, e->new_v, p->order, at, false, 0) + 1;
        result = e->old_v;
    } else { /* a read-modify-write reads the newest store and writes right after it */
        uint32_t at = c->n - 1;
        note_read(e, c, at);
        read_store(s, actor, k, at, p->order);
        uint64_t old = c->stores[at].value;
        bool ok;
        uint64_t v = sim_rmw_value(p, old, &ok);
        if (p->kind == SIM_ACT_CAS)
            e->ok = ok;
        e->old_v = old;
        e->new_v = v;
        if (p->kind != SIM_ACT_CAS || ok) {
            e->ra_wrote = write_store(m, actor, k, v, p->order, c->n, true, c->stores[at].view) + 1;
        }
        result = old;
    }
    if (p->order == PLAT_SEQ_CST)
        fence_sc(s, actor);
    return result;
}

/* The view a lock or a parker published, made on first use. */
static sim_ra_view *sync_view(sim_machine *m, const void *object)
{
    sim_ra_state *s = ra_of(m);
    for (int k = 0; k < s->n_sync; k++)
        if (s->sync[k].object == object)
            return &s->sync[k].view;
    if (s->n_sync == SIM_RA_MAX_SYNC) {
        sim_end_error(m, "the ra memory model follows at most 64 locks and parkers in a run");
        return NULL;
    }
    s->sync[s->n_sync].object = object;
    memset(&s->sync[s->n_sync].view, 0, sizeof s->sync[s->n_sync].view);
    return &s->sync[s->n_sync++].view;
}

static void ra_synchronise(sim_machine *m, int actor, const sim_action *p)
{
    sim_ra_state *s = ra_of(m);
    sim_ra_view *cur = &s->cur[actor];
    if (p->kind == SIM_ACT_FENCE) {
        if (p->order == PLAT_SEQ_CST) {
            fence_sc(s, actor);
            return;
        }
        if (acquires(p->order))
            join(cur, &s->acq[actor], s->n_cells);
        if (releases(p->order))
            s->rel[actor] = *cur;
        return;
    }
    sim_ra_view *published;
    switch (p->kind) {
    case SIM_ACT_UNLOCK: /* a mutex's release */
    case SIM_ACT_UNPARK: /* a futex wake: the waker's view goes with it */
        if ((published = sync_view(m, p->target)))
            join(published, cur, s->n_cells);
        break;
    case SIM_ACT_LOCK: /* a mutex's acquire */
        if ((published = sync_view(m, p->target)))
            join(cur, published, s->n_cells);
        break;
    case SIM_ACT_PARK:
    case SIM_ACT_BLOCK: /* woken: it sees what its waker saw */
        if (((const plat_parker *)p->target)->woken && (published = sync_view(m, p->target)))
            join(cur, published, s->n_cells);
        break;
    default: break; /* a park's prepare orders nothing */
    }
    join(&s->acq[actor], cur, s->n_cells);
}

/* The load actor i is about to perform, if it could read an older store:
 * its cell's index, the oldest store it may read, and the cell's count. */
static bool pending_load(const sim_machine *m, int i, int *k, uint32_t *from)
{
    const sim_action *p = &m->actors[i].pending;
    if (p->kind != SIM_ACT_LOAD)
        return false;
    const sim_ra_state *s = &m->memory.ra;
    *k = cell_find(s, p->target);
    if (*k < 0)
        return false; /* untouched: only its initial value */
    *from = oldest_readable(s, i, *k, p->order);
    if (s->last_read[i].ts[*k] == *from + 1)
        ++*from; /* it saw that one last time: not again while newer ones exist */
    return *from + 1 < s->cells[*k].n;
}

/* The store (not a read-modify-write) actor i is about to perform, if it
 * could take a place before the end: its cell's index and the earliest
 * place (one after the newest store in its view). */
static bool pending_store(const sim_machine *m, int i, int *k, uint32_t *from)
{
    const sim_action *p = &m->actors[i].pending;
    if (p->kind != SIM_ACT_STORE)
        return false;
    const sim_ra_state *s = &m->memory.ra;
    *k = cell_find(s, p->target);
    if (*k < 0)
        return false; /* untouched: only its initial value, so only the end */
    *from = oldest_readable(s, i, *k, p->order) + 1;
    return *from < s->cells[*k].n;
}

/* Whether a store may take place `at` of cell c before the end: not
 * between a store and the read-modify-write that read it. */
static bool place_free(const sim_ra_cell *c, uint32_t at) { return !c->stores[at].rmw; }

/* read_from(A, k) for every store k older than the newest that A's pending
 * load may read, and place(A, p) for every place before the end A's pending
 * store may take; at most SIM_RA_MAX_OFFERS in all (more would outgrow the
 * machine's list of choices): then the oldest of them are not offered. */
#define SIM_RA_MAX_OFFERS (2 * SIM_MAX_ACTORS)

static int ra_choices(const sim_machine *m, sim_choice *out)
{
    const sim_ra_state *s = &m->memory.ra;
    int n = 0;
    for (int i = 0; i < m->n_actors; i++) {
        int k;
        uint32_t from;
        if (!sim_is_enabled(m, i))
            continue;
        if (pending_load(m, i, &k, &from)) {
            uint32_t newest = s->cells[k].n - 1;
            for (uint32_t at = newest; at-- > from && n < SIM_RA_MAX_OFFERS;)
                out[n++] = (sim_choice){SIM_CHOICE_READ_FROM, (int16_t)i, (int32_t)at};
        } else if (pending_store(m, i, &k, &from)) {
            for (uint32_t at = s->cells[k].n; at-- > from && n < SIM_RA_MAX_OFFERS;)
                if (place_free(&s->cells[k], at))
                    out[n++] = (sim_choice){SIM_CHOICE_PLACE, (int16_t)i, (int32_t)at};
        }
    }
    return n;
}

/* Only records which store the next load of the actor reads, or where its
 * next store goes: the machine then takes the actor's step (step.c). */
static int ra_take(sim_machine *m, sim_choice c)
{
    sim_ra_state *s = &m->memory.ra;
    int k;
    uint32_t from;
    if (c.actor < 0 || c.actor >= m->n_actors || c.arg < 0)
        return -1;
    if (c.kind == SIM_CHOICE_READ_FROM && pending_load(m, c.actor, &k, &from) &&
        c.arg >= (int32_t)from && (uint32_t)c.arg + 1 < s->cells[k].n) {
        s->read_actor = c.actor;
        s->read_store = c.arg;
        return 0;
    }
    if (c.kind == SIM_CHOICE_PLACE && pending_store(m, c.actor, &k, &from) &&
        c.arg >= (int32_t)from && (uint32_t)c.arg < s->cells[k].n &&
        place_free(&s->cells[k], (uint32_t)c.arg)) {
        s->place_actor = c.actor;
        s->place_at = c.arg;
        return 0;
    }
    return -1;
}

static const void *ra_choice_cell(const sim_machine *m, sim_choice c)
{
    return sim_choice_is_step_outcome(c.kind) ? m->actors[c.actor].pending.target : NULL;
}

/* Whether an action takes part in the one order of seq_cst fences and
 * accesses (it reads and writes the model's seq_cst view). */
static bool ra_ordered(const sim_action *p)
{
    return p->order == PLAT_SEQ_CST && (p->kind == SIM_ACT_FENCE || sim_act_is_access(p->kind));
}

/* A read_from or a place is its actor's step with another outcome: it
 * depends on what that step depends on (a place renames the places of its
 * cell's stores in every view at once, so it commutes with whatever does
 * not touch the cell), and on every other choice of the same actor. */
static bool ra_dependent(const sim_machine *m, sim_choice a, sim_choice b)
{
    if (a.actor == b.actor && a.kind != SIM_CHOICE_TICK && b.kind != SIM_CHOICE_TICK)
        return true;
    if (sim_choice_is_step_outcome(a.kind))
        a.kind = SIM_CHOICE_STEP;
    if (sim_choice_is_step_outcome(b.kind))
        b.kind = SIM_CHOICE_STEP;
    if (a.kind == SIM_CHOICE_STEP && b.kind == SIM_CHOICE_STEP &&
        ra_ordered(&m->actors[a.actor].pending) && ra_ordered(&m->actors[b.actor].pending))
        return true;
    return m->model->dependent ? m->model->dependent(m, a, b) : sim_dependent_default(m, a, b);
}

static void ra_reset(sim_machine *m)
{
    sim_ra_state *s = ra_of(m);
    for (int k = 0; k < s->n_cells; k++)
        s->cells[k].n = 0;
    s->n_cells = 0;
    s->n_views = 0;
    s->n_sync = 0;
    memset(s->cur, 0, sizeof s->cur);
    memset(s->acq, 0, sizeof s->acq);
    memset(s->rel, 0, sizeof s->rel);
    memset(&s->sc, 0, sizeof s->sc);
    memset(s->last_read, 0, sizeof s->last_read);
    s->read_actor = -1;
    s->read_store = -1;
    s->place_actor = -1;
    s->place_at = -1;
}

void sim_mem_state_free(sim_mem_state *s)
{
    for (int k = 0; k < SIM_RA_MAX_CELLS; k++)
        free(s->ra.cells[k].stores);
    free(s->ra.views);
}

/* {"model": "ra", "cells": [{"object": "x", "stores": [{"value": 0, "step": 0, "by": null,
 * "order": "relaxed"}, ...], "views": {"A": 0, "B": 1}}, ...]}: every cell's stores in
 * modification order, and the oldest each actor may still read. */
static void ra_state_json(const sim_machine *m, jbuf *b)
{
    const sim_ra_state *s = &m->memory.ra;
    jb_raw(b, "{");
    jb_key(b, "model");
    jb_str(b, "ra");
    jb_key(b, "cells");
    jb_raw(b, "[");
    for (int k = 0; k < s->n_cells; k++) {
        const sim_ra_cell *c = &s->cells[k];
        jb_sep(b);
        jb_raw(b, "{");
        sim_mem_cell_json(m, c->cell, b);
        jb_key(b, "stores");
        jb_raw(b, "[");
        for (uint32_t at = 0; at < c->n; at++) {
            const sim_ra_store *st = &c->stores[at];
            jb_sep(b);
            jb_raw(b, "{");
            jb_key(b, "value");
            jb_int(b, sim_cell_value(m, c->cell, c->width, st->value));
            jb_key(b, "step");
            jb_int(b, (int64_t)st->step);
            jb_key(b, "by");
            if (st->actor >= 0)
                jb_str(b, m->actors[st->actor].name);
            else
                jb_raw(b, "null");
            jb_key(b, "order");
            jb_str(b, sim_order_name(st->order));
            jb_raw(b, "}");
        }
        jb_raw(b, "]");
        jb_key(b, "views");
        jb_raw(b, "{");
        for (int i = 0; i < m->n_actors; i++) {
            jb_key(b, m->actors[i].name);
            jb_int(b, s->cur[i].ts[k]);
        }
        jb_raw(b, "}}");
    }
    jb_raw(b, "]}");
}

/* A load may read only the newest store once the actor's view is there;
 * while the cell gets no new store, it reads that one again. */
static bool ra_reread(const sim_machine *m, int actor, const void *cell, unsigned width,
                      uint64_t *key)
{
    (void)width;
    const sim_ra_state *s = &m->memory.ra;
    int k = cell_find(s, cell);
    if (k < 0) {
        *key = 0; /* untouched: its initial value is all there is */
        return true;
    }
    *key = s->cells[k].n;
    return s->cur[actor].ts[k] + 1 == s->cells[k].n;
}

static int ra_cell_index(const sim_machine *m, const void *cell)
{
    return cell_find(&m->memory.ra, cell);
}

const sim_mem_model sim_mem_ra = {
    .name = "ra",
    .access = ra_access,
    .synchronise = ra_synchronise,
    .choices = ra_choices,
    .take = ra_take,
    .dependent = ra_dependent,
    .choice_cell = ra_choice_cell,
    .cell_index = ra_cell_index,
    .reread = ra_reread,
    .ordered = ra_ordered,
    .reset = ra_reset,
    .state_json = ra_state_json,
};
