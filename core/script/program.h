/*
 * program.h: a decoded, validated scenario, ready to run.
 *
 * script_decode() checks every byte of the bytecode (bytecode.h) and resolves
 * names against the catalog once, so the interpreter never has to check
 * anything: an object index is in range, an operation exists and gets the
 * right number of arguments, a REPEAT body ends inside its actor's code.
 */
#ifndef LOCKSTEP_PROGRAM_H
#define LOCKSTEP_PROGRAM_H

#include "catalog.h"

#include <stddef.h>
#include <stdint.h>

typedef struct script_operand {
    uint8_t kind;    /* enum script_operand_kind */
    int16_t object;  /* OPERAND_FIELD */
    int16_t field;   /* OPERAND_FIELD: index into the type's fields */
    int64_t literal; /* OPERAND_LITERAL */
} script_operand;

typedef struct script_expr {
    script_operand lhs, rhs;
    uint8_t cmp; /* enum script_cmp */
    const char *text;
} script_expr;

typedef struct script_instr {
    uint8_t op;     /* enum script_opcode */
    int16_t object; /* CALL */
    const script_op *call;
    uint8_t n_args;
    int64_t args[SCRIPT_MAX_ARGS];
    uint32_t count;      /* REPEAT count, WORK steps */
    uint32_t body_end;   /* REPEAT: index of the first instruction after the body */
    int64_t duration_us; /* SLEEP */
    const char *text;    /* PRINT */
    script_expr expr;    /* ASSERT */
} script_instr;

typedef struct script_object {
    const char *name;
    const script_type *type;
    uint64_t vaddr; /* never 0: the decoder places objects without one */
    int64_t params[SCRIPT_MAX_PARAMS];
} script_object;

typedef struct script_actor {
    const char *name;
    uint8_t kind; /* sim_actor_kind */
    int32_t priority;
    script_instr *code;
    uint32_t n_code;
} script_actor;

typedef struct script_program {
    char **strings;
    uint32_t n_strings;
    script_object objects[SCRIPT_MAX_OBJECTS];
    uint32_t n_objects;
    script_actor actors[SCRIPT_MAX_ACTORS];
    uint32_t n_actors;
    script_expr finals[SCRIPT_MAX_FINALS];
    uint32_t n_finals;
    /* The run settings: what a run uses unless its caller says otherwise. */
    const char *variant;                       /* NULL: none given */
    const char *variants[SCRIPT_MAX_VARIANTS]; /* the variants a run may pick */
    uint32_t n_variants;                       /* 0: any */
    char *schedule;                            /* the starting schedule, or NULL */
    const char *memory;                        /* the memory model, or NULL (sc) */
} script_program;

/* Decode and validate.  Returns a program, or NULL with a message in err
 * ("bytecode: actor 2 (B): instruction at byte 14: unknown operation 'lok' for
 * type mini_mutex").  Never reads outside [bytes, bytes + len). */
script_program *script_decode(const uint8_t *bytes, size_t len, char *err, size_t errsize);
void script_program_free(script_program *p);

/* The variant a run of p uses: `asked` if given, else the scenario's own, else
 * "correct".  NULL when p lists the variants a run may pick and this is not
 * one of them; err then holds that list ("correct, validate_outside"). */
const char *script_program_variant(const script_program *p, const char *asked, char *err,
                                   size_t errsize);

#endif
