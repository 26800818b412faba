/*
 * Worlds: the objects and actors of a program on a machine (see world.h).
 *
 * Objects live in one arena allocated once per world and zeroed on every
 * reset, so a world can be rebuilt thousands of times (going back, searching)
 * without touching the allocator.
 */
#include "world.h"

#include "../sim/escape.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOT_ALIGN 64

struct script_world {
    const script_program *program;
    sim_machine *machine;
    unsigned char *arena;
    size_t offsets[SCRIPT_MAX_OBJECTS];
    int64_t results[SCRIPT_MAX_ACTORS];
    struct actor_arg {
        script_world *world;
        int index;
    } args[SCRIPT_MAX_ACTORS];
};

void *script_world_object(script_world *w, int index) { return w->arena + w->offsets[index]; }
int64_t *script_world_result(script_world *w, int actor) { return &w->results[actor]; }
sim_machine *script_world_machine(script_world *w) { return w->machine; }
const script_program *script_world_program(const script_world *w) { return w->program; }

static void actor_entry(void *arg)
{
    struct actor_arg *a = arg;
    script_run_actor(a->world, a->index);
}

static int setup(sim_machine *m, void *arg)
{
    script_world *w = arg;
    const script_program *p = w->program;
    memset(w->results, 0, sizeof w->results);
    for (uint32_t i = 0; i < p->n_objects; i++) {
        const script_object *o = &p->objects[i];
        void *obj = script_world_object(w, (int)i);
        memset(obj, 0, o->type->size);
        int region = sim_add_region(m, o->name, obj, o->type->size, o->vaddr, 0);
        if (region < 0)
            return -1;
        sim_region_set_signed(m, region, o->type->signed_cells);
        sim_region_name_cells(m, region, o->type->cells, o->type->n_cells);
        char err[160];
        if (o->type->init(obj, o->params, err, sizeof err) != 0) {
            char msg[240];
            snprintf(msg, sizeof msg, "object '%s' (%s): %s", o->name, o->type->name, err);
            sim_fail_setup(m, msg);
            return -1;
        }
    }
    for (uint32_t i = 0; i < p->n_actors; i++) {
        const script_actor *a = &p->actors[i];
        w->args[i] = (struct actor_arg){w, (int)i};
        const script_engine *e = script_engine_of(p);
        int priority = e && e->smaller_priority_first ? -a->priority : a->priority;
        if (sim_add_actor(m, a->name, (sim_actor_kind)a->kind, priority, actor_entry, &w->args[i]) <
            0)
            return -1;
    }
    return 0;
}

int64_t script_operand_value(script_world *w, int actor, const script_operand *o)
{
    switch (o->kind) {
    case OPERAND_LITERAL: return o->literal;
    case OPERAND_FIELD: {
        const script_type *t = w->program->objects[o->object].type;
        return t->fields[o->field].read(script_world_object(w, o->object));
    }
    default: return actor >= 0 ? w->results[actor] : 0;
    }
}

static void at_end(sim_machine *m, void *arg)
{
    script_world *w = arg;
    const script_program *p = w->program;
    for (uint32_t i = 0; i < p->n_finals; i++) {
        const script_expr *e = &p->finals[i];
        int64_t l = script_operand_value(w, -1, &e->lhs);
        int64_t r = script_operand_value(w, -1, &e->rhs);
        if (!script_compare(l, e->cmp, r)) {
            char msg[240];
            script_describe_failure(w, -1, e, l, r, msg, sizeof msg);
            sim_violation(m, "assertion", msg, (plat_site){NULL, 0, "final assertion"});
            return;
        }
    }
}

static void describe_objects(sim_machine *m, jbuf *b, void *arg)
{
    script_world *w = arg;
    const script_program *p = w->program;
    jb_raw(b, "[");
    for (uint32_t i = 0; i < p->n_objects; i++) {
        const script_object *o = &p->objects[i];
        const void *obj = script_world_object(w, (int)i);
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "name");
        jb_str(b, o->name);
        jb_key(b, "type");
        jb_str(b, o->type->name);
        jb_key(b, "engine");
        jb_str(b, o->type->engine);
        jb_key(b, "address");
        jb_int(b, (int64_t)sim_vaddr(m, obj));
        jb_key(b, "fields");
        jb_raw(b, "{");
        for (size_t f = 0; f < o->type->n_fields; f++) {
            jb_key(b, o->type->fields[f].name);
            jb_int(b, o->type->fields[f].read(obj));
        }
        jb_raw(b, "}");
        if (o->type->describe)
            o->type->describe(obj, m, b);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
}

static void describe_engines(sim_machine *m, jbuf *b, void *arg)
{
    (void)arg;
    script_engines_json(m, b);
}

static bool describe_block(sim_machine *m, int actor, sim_blocked *out, void *arg)
{
    script_world *w = arg;
    const script_program *p = w->program;
    for (uint32_t i = 0; i < p->n_objects; i++) {
        const script_object *o = &p->objects[i];
        if (o->type->explain_block &&
            o->type->explain_block(script_world_object(w, (int)i), o->name, m, actor, out))
            return true;
    }
    return false;
}

/* The actors' result registers: the one state of the world outside its
 * objects' regions (the stateful search's key needs it). */
static const void *results_of(const sim_machine *m, size_t *size, void *arg)
{
    (void)m;
    script_world *w = arg;
    *size = sizeof w->results;
    return w->results;
}

script_world *script_world_new(const script_program *p, const sim_config *cfg, char *err,
                               size_t errsize)
{
    const char *variant = cfg && cfg->variant ? cfg->variant : "correct";
    char shown[96]; /* the variant as a message may quote it */
    text_escape(shown, sizeof shown, variant);
    if (!script_variant_known(variant)) {
        snprintf(err, errsize, "unknown variant '%s'", shown);
        return NULL;
    }
    /* Every engine the scenario uses must know the variant ("correct" is
     * everybody's). */
    for (uint32_t i = 0; i < p->n_objects; i++) {
        const script_engine *e = script_engine_named(p->objects[i].type->engine);
        if (e && !script_engine_has_variant(e, variant)) {
            snprintf(err, errsize, "engine %s has no variant '%s'", e->name, shown);
            return NULL;
        }
    }
    /* The engine picks the scheduling model (the machine knows models only);
     * a world whose engines disagree is refused. */
    sim_config picked = cfg ? *cfg : (sim_config){0};
    for (uint32_t i = 0; i < p->n_objects && !(cfg && cfg->model); i++) {
        const script_engine *e = script_engine_named(p->objects[i].type->engine);
        const char *model = e && e->model ? e->model : "threads";
        if (picked.model && strcmp(picked.model, model) != 0) {
            snprintf(err, errsize, "engines that run under models %s and %s cannot share a world",
                     picked.model, model);
            return NULL;
        }
        picked.model = model;
    }
    if (!picked.memory)
        picked.memory = p->memory; /* the scenario's, unless the run says otherwise */
    cfg = &picked;
    script_world *w = calloc(1, sizeof *w);
    if (!w) {
        snprintf(err, errsize, "out of memory");
        return NULL;
    }
    w->program = p;
    size_t size = 0;
    for (uint32_t i = 0; i < p->n_objects; i++) {
        w->offsets[i] = size;
        size += (p->objects[i].type->size + SLOT_ALIGN - 1) & ~(size_t)(SLOT_ALIGN - 1);
    }
    w->arena = aligned_alloc(SLOT_ALIGN, size ? size : SLOT_ALIGN);
    sim_hooks hooks = {.at_end = at_end,
                       .describe_objects = describe_objects,
                       .describe_engines = describe_engines,
                       .describe_block = describe_block,
                       .state_bytes = results_of,
                       .whole_state = true};
    w->machine = w->arena ? sim_new(cfg, setup, w, &hooks) : NULL;
    if (!w->machine) {
        snprintf(err, errsize, "out of memory");
        script_world_free(w);
        return NULL;
    }
    if (sim_reset(w->machine) != 0) {
        snprintf(err, errsize, "%s", sim_error(w->machine));
        script_world_free(w);
        return NULL;
    }
    return w;
}

void script_world_free(script_world *w)
{
    if (!w)
        return;
    sim_free(w->machine);
    free(w->arena);
    free(w);
}
