/*
 * catalog.h: the object types scenarios can use, and their operations.
 *
 * Each engine binds its primitives to the scenario language here: a type has a
 * name ("mini_mutex"), parameters with defaults, operations ("lock",
 * "unlock"), readable fields ("state") for assertions and views, and an
 * optional hook that describes its insides as JSON for the web app.  The
 * JavaScript compiler reads the same catalog (as JSON) so names are defined in
 * one place.
 */
#ifndef LOCKSTEP_CATALOG_H
#define LOCKSTEP_CATALOG_H

#include "../sim/json.h"
#include "../sim/machine.h"
#include "bytecode.h"

#include <stddef.h>
#include <stdint.h>

typedef struct script_op {
    const char *name;
    uint8_t n_args;
    const char *arg_names[SCRIPT_MAX_ARGS];
    /* Runs inside the actor; returns the operation's result (0 if none). */
    int64_t (*run)(void *object, const int64_t *args);
} script_op;

typedef struct script_field {
    const char *name;
    int64_t (*read)(const void *object);
} script_field;

typedef struct script_type {
    const char *name;
    const char *engine;
    const char *summary;
    size_t size;
    /* The bytes of virtual address space each object of this type takes
     * (sim/address_map.h): a fixed number, the same on every word size, and
     * at least `size` on every build (each ops file asserts that). */
    uint32_t footprint;
    uint8_t n_params;
    const char *param_names[SCRIPT_MAX_PARAMS];
    int64_t param_defaults[SCRIPT_MAX_PARAMS];
    /* Bit k: parameter k is a flag, 0 or 1 (a scenario may write false or
     * true); the catalog says so, and the scenario compiler reads that. */
    uint32_t param_flags;
    /* Bit k: the cell at byte offset k of the object holds a signed number
     * (an int16_t count): the trace and the views show its values with their
     * sign, as the field's type reads them (sim_region_set_signed). */
    uint64_t signed_cells;
    /* An object of several atomic cells: each cell's offset and the field
     * that shows it (SCRIPT_CELLS), so the memory models' views name the
     * cells of one object apart ("m.turn"); NULL for one cell. */
    const sim_cell_name *cells;
    size_t n_cells;
    /* Initialise a zeroed object.  Returns 0, or -1 with a message. */
    int (*init)(void *object, const int64_t *params, char *err, size_t errsize);
    const script_op *ops;
    size_t n_ops;
    const script_field *fields;
    size_t n_fields;
    /* Extra JSON members for the view (after the fields), or NULL. */
    void (*describe)(const void *object, sim_machine *m, jbuf *out);
    /* If `actor` is blocked because of this object, say why (a reason code
     * of the engine's, with its arguments: blocked.h) in *out and return
     * true; or NULL. */
    bool (*explain_block)(const void *object, const char *name, sim_machine *m, int actor,
                          sim_blocked *out);
} script_type;

/* A type's operations and fields, in its script_type initialiser, from the
 * arrays themselves: `SCRIPT_OPS(mutex_ops), SCRIPT_FIELDS(mutex_fields)`.
 * The counts are computed, so adding an operation is one line of its array. */
#define SCRIPT_OPS(array) .ops = (array), .n_ops = sizeof(array) / sizeof((array)[0])
#define SCRIPT_FIELDS(array) .fields = (array), .n_fields = sizeof(array) / sizeof((array)[0])
#define SCRIPT_CELLS(array) .cells = (array), .n_cells = sizeof(array) / sizeof((array)[0])
/* An operation's argument names and a type's parameter names, with their
 * counts computed from the names: `SCRIPT_ARGS("permits", "timeout")`,
 * `SCRIPT_PARAMS("initial")`.  More names than the array holds does not
 * compile. */
#define SCRIPT_COUNT_NAMES(...) (sizeof((const char *[]){__VA_ARGS__}) / sizeof(const char *))
#define SCRIPT_ARGS(...) .n_args = SCRIPT_COUNT_NAMES(__VA_ARGS__), .arg_names = {__VA_ARGS__}
#define SCRIPT_PARAMS(...) .n_params = SCRIPT_COUNT_NAMES(__VA_ARGS__), .param_names = {__VA_ARGS__}

typedef struct script_engine {
    const char *name;
    const char *summary;
    const char *const *variants;     /* NULL-terminated; the first is "correct" */
    const script_type *const *types; /* NULL-terminated: the objects it offers */
    /* The engine's process-wide state for the view, as a JSON value, or NULL. */
    void (*describe)(sim_machine *m, jbuf *out);
    /* The scheduling model its worlds run under (core/sim/sched/): NULL is
     * "threads"; sched/model.h lists the others. */
    const char *model;
    /* Whether a scenario's smaller priority number runs first (the machine
     * counts upward, so such priorities are negated for it). */
    bool smaller_priority_first;
} script_engine;

/* The engine a program's objects belong to (the first object's), or NULL. */
struct script_program;
const script_engine *script_engine_of(const struct script_program *p);

/* The engines the build knows, in the order of ENGINES in mk/engines.mk, each
 * one's source files (relative to core/) and the labels its code passes to
 * AT() (sorted), all NULL-terminated.  They are generated from that list
 * (build/gen/engines.c), so an engine is added by adding its folders and one
 * word there. */
extern const script_engine *const script_engines[];
extern const char *const *const script_engine_sources[];
extern const char *const *const script_engine_labels[];
extern const unsigned script_engine_count;

const script_type *script_type_named(const char *name);
const script_op *script_op_named(const script_type *t, const char *name);
int script_field_index(const script_type *t, const char *name);
const script_engine *script_engine_named(const char *name);
bool script_variant_known(const char *variant);
/* Whether `engine` has the variant `variant`. */
bool script_engine_has_variant(const script_engine *engine, const char *variant);

/* {"<engine>": <its describe()>, ...} for the engines that have one. */
void script_engines_json(sim_machine *m, jbuf *out);

/* The whole catalog as JSON (engines, variants, types, operations). */
void script_catalog_json(jbuf *out);

#endif
