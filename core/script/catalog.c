/*
 * The catalog: every engine and object type the scenario language knows.
 * The list of engines is generated from mk/engines.mk (see catalog.h); each
 * engine's binding (script/engines/<engine>/engine.c) lists its own types.
 */
#include "catalog.h"
#include "program.h"

#include <string.h>

const script_type *script_type_named(const char *name)
{
    for (unsigned i = 0; i < script_engine_count; i++)
        for (const script_type *const *t = script_engines[i]->types; *t; t++)
            if (strcmp((*t)->name, name) == 0)
                return *t;
    return NULL;
}

const script_op *script_op_named(const script_type *t, const char *name)
{
    for (size_t i = 0; i < t->n_ops; i++)
        if (strcmp(t->ops[i].name, name) == 0)
            return &t->ops[i];
    return NULL;
}

int script_field_index(const script_type *t, const char *name)
{
    for (size_t i = 0; i < t->n_fields; i++)
        if (strcmp(t->fields[i].name, name) == 0)
            return (int)i;
    return -1;
}

const script_engine *script_engine_named(const char *name)
{
    for (unsigned i = 0; i < script_engine_count; i++)
        if (strcmp(script_engines[i]->name, name) == 0)
            return script_engines[i];
    return NULL;
}

bool script_engine_has_variant(const script_engine *e, const char *variant)
{
    for (const char *const *v = e->variants; *v; v++)
        if (strcmp(*v, variant) == 0)
            return true;
    return false;
}

bool script_variant_known(const char *variant)
{
    for (unsigned i = 0; i < script_engine_count; i++)
        for (const char *const *v = script_engines[i]->variants; *v; v++)
            if (strcmp(*v, variant) == 0)
                return true;
    return false;
}

void script_engines_json(sim_machine *m, jbuf *b)
{
    jb_raw(b, "{");
    for (unsigned i = 0; i < script_engine_count; i++) {
        if (!script_engines[i]->describe)
            continue;
        jb_key(b, script_engines[i]->name);
        script_engines[i]->describe(m, b);
    }
    jb_raw(b, "}");
}

/* One type of the catalog: "<name>": {engine, summary, params, ops, fields}. */
static void type_json(jbuf *b, const script_type *t)
{
    jb_key(b, t->name);
    jb_raw(b, "{");
    jb_key(b, "engine");
    jb_str(b, t->engine);
    jb_key(b, "summary");
    jb_str(b, t->summary);
    jb_key(b, "footprint");
    jb_int(b, t->footprint);
    jb_key(b, "params");
    jb_raw(b, "[");
    for (unsigned k = 0; k < t->n_params; k++) {
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "name");
        jb_str(b, t->param_names[k]);
        jb_key(b, "default");
        jb_int(b, t->param_defaults[k]);
        if (t->param_flags >> k & 1) {
            jb_key(b, "flag");
            jb_raw(b, "true");
        }
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    jb_key(b, "ops");
    jb_raw(b, "{");
    for (size_t k = 0; k < t->n_ops; k++) {
        jb_key(b, t->ops[k].name);
        jb_raw(b, "{");
        jb_key(b, "args");
        jb_raw(b, "[");
        for (unsigned a = 0; a < t->ops[k].n_args; a++) {
            jb_sep(b);
            jb_str(b, t->ops[k].arg_names[a]);
        }
        jb_raw(b, "]}");
    }
    jb_raw(b, "}");
    jb_key(b, "fields");
    jb_raw(b, "[");
    for (size_t k = 0; k < t->n_fields; k++) {
        jb_sep(b);
        jb_str(b, t->fields[k].name);
    }
    jb_raw(b, "]}");
}

void script_catalog_json(jbuf *b)
{
    jb_raw(b, "{");
    jb_key(b, "version");
    jb_int(b, SCRIPT_VERSION);
    jb_key(b, "engines");
    jb_raw(b, "{");
    for (unsigned i = 0; i < script_engine_count; i++) {
        const script_engine *e = script_engines[i];
        jb_key(b, e->name);
        jb_raw(b, "{");
        jb_key(b, "summary");
        jb_str(b, e->summary);
        jb_key(b, "variants");
        jb_raw(b, "[");
        for (const char *const *v = e->variants; *v; v++) {
            jb_sep(b);
            jb_str(b, *v);
        }
        jb_raw(b, "]");
        jb_key(b, "sources");
        jb_raw(b, "[");
        for (const char *const *s = script_engine_sources[i]; *s; s++) {
            jb_sep(b);
            jb_str(b, *s);
        }
        jb_raw(b, "]");
        jb_key(b, "labels");
        jb_raw(b, "[");
        for (const char *const *l = script_engine_labels[i]; *l; l++) {
            jb_sep(b);
            jb_str(b, *l);
        }
        jb_raw(b, "]}");
    }
    jb_raw(b, "}");
    jb_key(b, "types");
    jb_raw(b, "{");
    for (unsigned i = 0; i < script_engine_count; i++)
        for (const script_type *const *t = script_engines[i]->types; *t; t++)
            type_json(b, *t);
    jb_raw(b, "}");
    /* the kinds of choice (sim/choice.c), for readers of schedules and choices */
    jb_key(b, "choice_kinds");
    jb_raw(b, "[");
    for (unsigned k = 0; k < SIM_CHOICE_KINDS; k++) {
        const sim_choice_kind_info *info = sim_choice_kind_of(k);
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "kind");
        jb_str(b, info->name);
        jb_key(b, "text");
        jb_str(b, info->text);
        jb_key(b, "schedule");
        if (info->word) {
            jb_str(b, info->word);
        } else {
            char sigil[2] = {info->sigil, 0};
            jb_str(b, sigil);
        }
        jb_key(b, "actor");
        jb_raw(b, info->has_actor ? "true" : "false");
        jb_key(b, "arg"); /* a number after the actor: <A:N */
        jb_raw(b, info->has_arg ? "true" : "false");
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    /* the memory models a run may name (sim/mem/), sc first */
    jb_key(b, "memory_models");
    jb_raw(b, "[");
    for (int i = 0; sim_memory_model_at(i); i++) {
        jb_sep(b);
        jb_str(b, sim_memory_model_at(i));
    }
    jb_raw(b, "]}");
}

const script_engine *script_engine_of(const script_program *p)
{
    return p->n_objects ? script_engine_named(p->objects[0].type->engine) : NULL;
}
