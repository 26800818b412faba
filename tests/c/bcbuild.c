/*
 * bcbuild: writing scenario bytecode by hand (see bcbuild.h).
 */
#include "bcbuild.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bc_byte(bc_bytes *b, uint8_t v) { bc_raw(b, &v, 1); }

void bc_raw(bc_bytes *b, const void *data, size_t n)
{
    if (b->n + n > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->n + n)
            cap *= 2;
        b->p = realloc(b->p, cap);
        if (!b->p) {
            fprintf(stderr, "bcbuild: out of memory\n");
            abort();
        }
        b->cap = cap;
    }
    if (n)
        memcpy(b->p + b->n, data, n);
    b->n += n;
}

void bc_varint(bc_bytes *b, uint64_t v)
{
    while (v >= 0x80) {
        bc_byte(b, (uint8_t)(v | 0x80));
        v >>= 7;
    }
    bc_byte(b, (uint8_t)v);
}

void bc_zigzag(bc_bytes *b, int64_t v) { bc_varint(b, ((uint64_t)v << 1) ^ (uint64_t)(v >> 63)); }

void bc_bytes_free(bc_bytes *b)
{
    free(b->p);
    memset(b, 0, sizeof *b);
}

void bc_init(bc_prog *p) { memset(p, 0, sizeof *p); }

void bc_free(bc_prog *p)
{
    bc_bytes_free(&p->objects);
    bc_bytes_free(&p->actors);
    bc_bytes_free(&p->finals);
}

uint32_t bc_str(bc_prog *p, const char *text)
{
    for (uint32_t i = 0; i < p->n_strings; i++)
        if (strcmp(p->strings[i], text) == 0)
            return i;
    if (p->n_strings == BC_MAX_STRINGS) {
        fprintf(stderr, "bcbuild: more than %d strings\n", BC_MAX_STRINGS);
        abort();
    }
    p->strings[p->n_strings] = text;
    return p->n_strings++;
}

int bc_object(bc_prog *p, const char *name, const char *type, uint64_t vaddr, int n_params,
              const int64_t *params)
{
    bc_varint(&p->objects, bc_str(p, name));
    bc_varint(&p->objects, bc_str(p, type));
    bc_varint(&p->objects, vaddr);
    bc_varint(&p->objects, (uint64_t)n_params);
    for (int i = 0; i < n_params; i++)
        bc_zigzag(&p->objects, params[i]);
    return (int)p->n_objects++;
}

void bc_actor(bc_prog *p, const char *name, unsigned kind, int64_t priority, const bc_code *code)
{
    bc_varint(&p->actors, bc_str(p, name));
    bc_varint(&p->actors, kind);
    bc_zigzag(&p->actors, priority);
    bc_varint(&p->actors, code->n);
    bc_raw(&p->actors, code->p, code->n);
    p->n_actors++;
}

static void expr(bc_prog *p, bc_bytes *b, bc_operand lhs, uint8_t cmp, bc_operand rhs,
                 const char *text)
{
    bc_raw(b, lhs.bytes, lhs.n);
    bc_byte(b, cmp);
    bc_raw(b, rhs.bytes, rhs.n);
    bc_varint(b, bc_str(p, text));
}

void bc_final(bc_prog *p, bc_operand lhs, uint8_t cmp, bc_operand rhs, const char *text)
{
    expr(p, &p->finals, lhs, cmp, rhs, text);
    p->n_finals++;
}

bc_bytes bc_finish(const bc_prog *p)
{
    bc_bytes out = {0};
    bc_raw(&out, SCRIPT_MAGIC, 4);
    bc_byte(&out, SCRIPT_VERSION);
    bc_varint(&out, p->n_strings);
    for (uint32_t i = 0; i < p->n_strings; i++) {
        size_t n = strlen(p->strings[i]);
        bc_varint(&out, n);
        bc_raw(&out, p->strings[i], n);
    }
    bc_varint(&out, p->n_objects);
    bc_raw(&out, p->objects.p, p->objects.n);
    bc_varint(&out, p->n_actors);
    bc_raw(&out, p->actors.p, p->actors.n);
    bc_varint(&out, p->n_finals);
    bc_raw(&out, p->finals.p, p->finals.n);
    /* the run settings: no variant, any variant, no schedule */
    bc_varint(&out, 0);
    bc_varint(&out, 0);
    bc_varint(&out, 0);
    return out;
}

void bc_code_init(bc_code *c) { memset(c, 0, sizeof *c); }

void bc_call(bc_prog *p, bc_code *c, int object, const char *op, int n_args, const int64_t *args)
{
    bc_byte(c, OP_CALL);
    bc_varint(c, (uint64_t)object);
    bc_varint(c, bc_str(p, op));
    bc_varint(c, (uint64_t)n_args);
    for (int i = 0; i < n_args; i++)
        bc_zigzag(c, args[i]);
}

void bc_repeat(bc_code *c, uint32_t count, const bc_code *body)
{
    bc_byte(c, OP_REPEAT);
    bc_varint(c, count);
    bc_varint(c, body->n);
    bc_raw(c, body->p, body->n);
}

void bc_work(bc_code *c, uint32_t steps)
{
    bc_byte(c, OP_WORK);
    bc_varint(c, steps);
}

void bc_sleep(bc_code *c, uint64_t us)
{
    bc_byte(c, OP_SLEEP);
    bc_varint(c, us);
}

void bc_cs_enter(bc_code *c) { bc_byte(c, OP_CS_ENTER); }
void bc_cs_exit(bc_code *c) { bc_byte(c, OP_CS_EXIT); }

void bc_print(bc_prog *p, bc_code *c, const char *text)
{
    bc_byte(c, OP_PRINT);
    bc_varint(c, bc_str(p, text));
}

void bc_assert(bc_prog *p, bc_code *c, bc_operand lhs, uint8_t cmp, bc_operand rhs,
               const char *text)
{
    bc_byte(c, OP_ASSERT);
    expr(p, c, lhs, cmp, rhs, text);
}

bc_operand bc_literal(int64_t v)
{
    bc_bytes b = {0};
    bc_byte(&b, OPERAND_LITERAL);
    bc_zigzag(&b, v);
    bc_operand o = {.n = b.n};
    memcpy(o.bytes, b.p, b.n);
    bc_bytes_free(&b);
    return o;
}

bc_operand bc_field(bc_prog *p, int object, const char *field)
{
    bc_bytes b = {0};
    bc_byte(&b, OPERAND_FIELD);
    bc_varint(&b, (uint64_t)object);
    bc_varint(&b, bc_str(p, field));
    bc_operand o = {.n = b.n};
    memcpy(o.bytes, b.p, b.n);
    bc_bytes_free(&b);
    return o;
}

bc_operand bc_result(void) { return (bc_operand){.bytes = {OPERAND_RESULT}, .n = 1}; }
