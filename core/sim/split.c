/*
 * Splitting a complete search into units, Knuth's estimate of its size, and
 * merging the units' results (see split.h).
 *
 * Invariant: at a node a unit pins, the order of its awake choices is the
 * order one search tries them in (the search's own first choice, then the
 * rest in the search's order), the unit takes the choice at its position,
 * the choices before it sleep there and no other choice is tried there; so
 * the units of one node's positions share out its subtrees with the sleep
 * sets one search would give them, and no run is made by two units.
 */
#include "split.h"

#include "explore_internal.h"
#include "rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The awake choices of a fresh node in the order one search tries them. */
static int awake_order(const explorer *e, const xchoice *E, int n, int first, int order[])
{
    int w = 0;
    order[w++] = first;
    for (int k = 0; k < n; k++)
        if (k != first && !explore_sleeps(e, E[k].c))
            order[w++] = k;
    return w;
}

int split_pick(explorer *e, const xchoice *E, int n, int a, size_t depth)
{
    const explore_unit *u = &e->cfg.unit;
    e->split_pos = -1;
    bool probing = e->cfg.probe_seed != 0;
    if (!probing && depth >= (size_t)u->len) {
        if (depth == (size_t)u->len) /* the first node below the unit: how wide it is */
            e->split_width = awake_order(e, E, n, a, e->split_order);
        return a;
    }
    e->split_n = awake_order(e, E, n, a, e->split_order);
    int p;
    if (depth < (size_t)u->len) {
        p = u->pos[depth];
    } else { /* a probe: a random awake choice, weighed by how many there were */
        uint64_t state = e->cfg.probe_seed ^ (0x9E3779B97F4A7C15ull * (depth + 1));
        p = (int)(sim_splitmix64(&state) % (uint64_t)e->split_n);
        e->probe_weight *= e->split_n;
    }
    if (p >= e->split_n) {
        e->split_void = true;
        return -1;
    }
    e->split_pos = p;
    return e->split_order[p];
}

void split_pushed(explorer *e)
{
    if (e->split_pos < 0)
        return;
    const dfs_node *nd = &e->stack[e->len - 1];
    xentry *en = e->entries + nd->first;
    for (uint32_t k = 0; k < nd->n; k++)
        en[k].flags |= X_DONE; /* nothing else is tried here: other units do */
    for (int q = 0; q < e->split_pos; q++) {
        xentry *before = &en[e->split_order[q]];
        before->flags |= X_TRIED;
        explore_sleep_add(e, before->x.c);
    }
}

bool split_run_void(const explorer *e, size_t depth)
{
    if (e->cfg.probe_seed)
        return false;
    for (int d = (int)depth; d < e->cfg.unit.len; d++)
        if (e->cfg.unit.pos[d] != 0)
            return true;
    return false;
}

explorer *explore_new_unit(sim_machine *m, const explore_config *cfg, const explore_unit *u)
{
    explore_config c = *cfg;
    c.split = true;
    c.unit = *u;
    c.probe_seed = 0;
    return explore_new(m, &c);
}

double explore_probe(sim_machine *m, const explore_config *cfg, const explore_unit *u,
                     uint64_t seed, uint64_t *steps)
{
    explore_config c = *cfg;
    c.split = true;
    c.unit = *u;
    c.probe_seed = seed | 1;
    c.max_executions = 1;
    c.progress = NULL;
    c.on_end = NULL;
    explorer *e = explore_new(m, &c);
    if (!e)
        return 0;
    explore_run(e, 1);
    double w = e->res.executions ? e->probe_weight : 0;
    if (steps)
        *steps = e->res.total_steps;
    explore_free(e);
    return w;
}

/* How many awake choices the node just below u has: -1 when runs through u
 * end above it, -2 when u has no run at all. */
static int unit_width(sim_machine *m, const explore_config *cfg, const explore_unit *u)
{
    explore_config c = *cfg;
    c.progress = NULL;
    c.on_end = NULL;
    c.max_executions = 1;
    explorer *e = explore_new_unit(m, &c, u);
    if (!e)
        return -1;
    explore_run(e, 1);
    int w = e->split_void ? -2 : e->split_width;
    explore_free(e);
    return w;
}

size_t explore_units(sim_machine *m, const explore_config *cfg, size_t want, explore_unit *out,
                     size_t cap)
{
    if (cap == 0 || cfg->strategy != EXPLORE_DFS || cfg->bound >= 0)
        return 0;
    explore_unit *next = malloc(cap * sizeof *next);
    if (!next)
        return 0;
    size_t n = 1;
    memset(&out[0], 0, sizeof out[0]);
    out[0].mass = 1;
    for (int d = 0; d < EXPLORE_UNIT_DEPTH && n < want; d++) {
        size_t k = 0;
        bool grew = false;
        for (size_t i = 0; i < n; i++) {
            int w = out[i].len == d ? unit_width(m, cfg, &out[i]) : -1;
            if (w == -2)
                continue; /* no run passes here */
            if (w < 0 || k + (size_t)w + (n - i - 1) > cap) {
                next[k++] = out[i];
                continue;
            }
            for (int p = 0; p < w; p++) {
                next[k] = out[i];
                next[k].pos[d] = (uint16_t)p;
                next[k].len = d + 1;
                next[k].mass = out[i].mass / w;
                k++;
            }
            grew = true;
        }
        memcpy(out, next, k * sizeof *out);
        n = k;
        if (!grew)
            break;
    }
    free(next);
    return n;
}

void explore_merge(explorer *whole, const explore_result *part, double mass, bool first_found)
{
    explore_result_merge(&whole->res, part, mass, first_found);
}

void explore_result_merge(explore_result *r, const explore_result *part, double mass,
                          bool first_found)
{
    r->executions += part->executions;
    r->pruned += part->pruned;
    r->total_steps += part->total_steps;
    r->step_limit_hits += part->step_limit_hits;
    r->done += part->done * mass;
    if (!part->found || !first_found)
        return;
    r->found = true;
    memcpy(r->kind, part->kind, sizeof r->kind);
    memcpy(r->message, part->message, sizeof r->message);
    r->steps = part->steps;
    r->preemptions = part->preemptions;
    sim_schedule_free(&r->schedule);
    sim_schedule_init(&r->schedule);
    for (size_t i = 0; i < part->schedule.n; i++)
        sim_schedule_push(&r->schedule, &part->schedule.entries[i]);
}

void explore_merge_end(explorer *whole, bool every_part_searched, const char *reason)
{
    explore_result *r = &whole->res;
    r->bound = EXPLORE_BOUND_NONE;
    if (every_part_searched) {
        explore_end_searched(whole); /* the one search's words for its step limit hits */
        if (r->complete)
            snprintf(r->reason, sizeof r->reason, "every interleaving was explored");
        return;
    }
    r->finished = true;
    r->complete = false;
    snprintf(r->reason, sizeof r->reason, "%s", reason);
}

void explore_merge_found(explorer *whole, bool complete, const char *reason)
{
    explore_result *r = &whole->res;
    r->bound = EXPLORE_BOUND_NONE;
    r->finished = true;
    r->complete = complete; /* the unit looked for a shorter one, as one search does */
    snprintf(r->reason, sizeof r->reason, "%s", reason);
}
