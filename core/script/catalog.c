/*
 * The catalog: every engine and object type the scenario language knows.
 * To add an engine, bind its types in an ops_<engine>.c file and list them
 * here.
 */
#include "catalog.h"

#include <string.h>

extern const script_engine engine_basic, engine_parking_lot, engine_aqs;
extern const script_type type_counter, type_atomic_counter, type_mini_mutex, type_semaphore;

static const script_engine *const engines[] = {&engine_basic, &engine_parking_lot, &engine_aqs};
static const script_type *const types[] = {&type_counter, &type_atomic_counter, &type_mini_mutex,
                                           &type_semaphore};

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

const script_type *script_type_named(const char *name)
{
    for (size_t i = 0; i < COUNT(types); i++)
        if (strcmp(types[i]->name, name) == 0)
            return types[i];
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
    for (size_t i = 0; i < COUNT(engines); i++)
        if (strcmp(engines[i]->name, name) == 0)
            return engines[i];
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
    for (size_t i = 0; i < COUNT(engines); i++)
        for (const char *const *v = engines[i]->variants; *v; v++)
            if (strcmp(*v, variant) == 0)
                return true;
    return false;
}

void script_engines_json(sim_machine *m, jbuf *b)
{
    jb_raw(b, "{");
    for (size_t i = 0; i < COUNT(engines); i++) {
        if (!engines[i]->describe)
            continue;
        jb_key(b, engines[i]->name);
        engines[i]->describe(m, b);
    }
    jb_raw(b, "}");
}

void script_catalog_json(jbuf *b)
{
    jb_raw(b, "{");
    jb_key(b, "version");
    jb_int(b, SCRIPT_VERSION);
    jb_key(b, "engines");
    jb_raw(b, "{");
    for (size_t i = 0; i < COUNT(engines); i++) {
        const script_engine *e = engines[i];
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
        for (const char *const *s = e->sources; *s; s++) {
            jb_sep(b);
            jb_str(b, *s);
        }
        jb_raw(b, "]}");
    }
    jb_raw(b, "}");
    jb_key(b, "types");
    jb_raw(b, "{");
    for (size_t i = 0; i < COUNT(types); i++) {
        const script_type *t = types[i];
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
    jb_raw(b, "}}");
}
