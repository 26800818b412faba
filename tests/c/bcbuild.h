/*
 * bcbuild.h: writing scenario bytecode by hand (format in core/script/bytecode.h).
 *
 * Scenarios normally come from the JavaScript compiler; the C tests and the
 * fuzzing seed corpus need bytecode without it, including bytecode that is
 * wrong on purpose.  A program is built in sections and put together at the
 * end; strings are interned as they are mentioned:
 *
 *     bc_prog p;
 *     bc_init(&p);
 *     int c = bc_object(&p, "c", "atomic_counter", 0, 0, NULL);
 *     bc_code body, code;
 *     bc_code_init(&body);
 *     bc_call(&p, &body, c, "increment", 0, NULL);
 *     bc_code_init(&code);
 *     bc_repeat(&code, 3, &body);
 *     bc_actor(&p, "A", 0, 0, &code);
 *     bc_actor(&p, "B", 0, 0, &code);
 *     bc_final(&p, bc_field(&p, c, "value"), CMP_EQ, bc_literal(6), "c == 6");
 *     bc_bytes out = bc_finish(&p);       // out.p, out.n; free(out.p)
 *
 * Nothing here validates: that is the decoder's job, and the tests want to
 * write whatever bytes they like (bc_raw, bc_varint).
 */
#ifndef LOCKSTEP_TEST_BCBUILD_H
#define LOCKSTEP_TEST_BCBUILD_H

#include "script/bytecode.h"

#include <stddef.h>
#include <stdint.h>

/* A growable byte buffer. */
typedef struct bc_bytes {
    uint8_t *p;
    size_t n, cap;
} bc_bytes;

void bc_byte(bc_bytes *b, uint8_t v);
void bc_raw(bc_bytes *b, const void *data, size_t n);
void bc_varint(bc_bytes *b, uint64_t v);
void bc_zigzag(bc_bytes *b, int64_t v);
void bc_bytes_free(bc_bytes *b);

typedef bc_bytes bc_code; /* one actor's instructions */

#define BC_MAX_STRINGS 256

typedef struct bc_prog {
    const char *strings[BC_MAX_STRINGS];
    uint32_t n_strings;
    bc_bytes objects, actors, finals;
    uint32_t n_objects, n_actors, n_finals;
} bc_prog;

/* An operand of an assertion, already encoded. */
typedef struct bc_operand {
    uint8_t bytes[16];
    size_t n;
} bc_operand;

void bc_init(bc_prog *p);
void bc_free(bc_prog *p);
/* The index of a string in the table, added if new (the text must outlive p). */
uint32_t bc_str(bc_prog *p, const char *text);

/* Returns the object's index. */
int bc_object(bc_prog *p, const char *name, const char *type, uint64_t vaddr, int n_params,
              const int64_t *params);
void bc_actor(bc_prog *p, const char *name, unsigned kind, int64_t priority, const bc_code *code);
void bc_final(bc_prog *p, bc_operand lhs, uint8_t cmp, bc_operand rhs, const char *text);
/* The whole program: "LSBC", version, then the sections.  Caller frees .p. */
bc_bytes bc_finish(const bc_prog *p);

void bc_code_init(bc_code *c);
void bc_call(bc_prog *p, bc_code *c, int object, const char *op, int n_args, const int64_t *args);
void bc_repeat(bc_code *c, uint32_t count, const bc_code *body);
void bc_work(bc_code *c, uint32_t steps);
void bc_sleep(bc_code *c, uint64_t us);
void bc_cs_enter(bc_code *c);
void bc_cs_exit(bc_code *c);
void bc_print(bc_prog *p, bc_code *c, const char *text);
void bc_assert(bc_prog *p, bc_code *c, bc_operand lhs, uint8_t cmp, bc_operand rhs,
               const char *text);

bc_operand bc_literal(int64_t v);
bc_operand bc_field(bc_prog *p, int object, const char *field);
bc_operand bc_result(void);

#endif
