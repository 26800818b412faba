/*
 * The bytecode decoder (format in bytecode.h, result in program.h).
 *
 * Invariant: every read goes through the reader, which stops at the end of the
 * buffer and remembers the first problem; every count is checked against a
 * limit before anything is allocated for it.  So no input, however hostile,
 * makes the decoder read out of bounds, allocate absurd amounts or loop for
 * long.
 */
#include "program.h"

#include "../sim/address_map.h"
#include "../sim/escape.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct reader {
    const uint8_t *p;
    size_t len, at;
    char *err;
    size_t errsize;
    bool failed;
    const char *where; /* "actor 2 (B)", for messages */
    uint32_t code_cap; /* instructions the current actor has room for */
} reader;

static void fail(reader *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(reader *r, const char *fmt, ...)
{
    if (r->failed)
        return;
    r->failed = true;
    char what[200], raw[320];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    if (r->where)
        snprintf(raw, sizeof raw, "bytecode: %s: at byte %zu: %s", r->where, r->at, what);
    else
        snprintf(raw, sizeof raw, "bytecode: at byte %zu: %s", r->at, what);
    text_escape(r->err, r->errsize, raw); /* names and strings are the input's */
}

static uint64_t varint(reader *r)
{
    uint64_t v = 0;
    for (int shift = 0; shift < 64 && !r->failed; shift += 7) {
        if (r->at >= r->len) {
            fail(r, "unexpected end of bytecode");
            return 0;
        }
        uint8_t b = r->p[r->at++];
        v |= (uint64_t)(b & 0x7f) << shift;
        if (!(b & 0x80))
            return v;
    }
    fail(r, "varint longer than 64 bits");
    return 0;
}

static int64_t zigzag(reader *r)
{
    uint64_t u = varint(r);
    return (int64_t)(u >> 1) ^ -(int64_t)(u & 1);
}

static uint8_t byte(reader *r)
{
    if (r->failed)
        return 0;
    if (r->at >= r->len) {
        fail(r, "unexpected end of bytecode");
        return 0;
    }
    return r->p[r->at++];
}

/* A count that must not exceed max. */
static uint32_t bounded(reader *r, uint64_t max, const char *what)
{
    uint64_t v = varint(r);
    if (!r->failed && v > max) {
        fail(r, "%s is %llu, more than the limit of %llu", what, (unsigned long long)v,
             (unsigned long long)max);
        return 0;
    }
    return (uint32_t)v;
}

static const char *string_ref(reader *r, const script_program *p, const char *what)
{
    uint64_t i = varint(r);
    if (r->failed)
        return "";
    if (i >= p->n_strings) {
        fail(r, "%s refers to string %llu; there are %u", what, (unsigned long long)i,
             p->n_strings);
        return "";
    }
    return p->strings[i];
}

/* Whether s is 1 to max characters, each a letter, a digit (not first) or one
 * of `extra`: names appear in schedules, traces and messages, so they hold
 * nothing a terminal would act on. */
static bool is_name(const char *s, const char *extra, size_t max)
{
    size_t n = strlen(s);
    if (n == 0 || n > max || isdigit((unsigned char)s[0]))
        return false;
    for (size_t i = 0; i < n; i++)
        if (!isalnum((unsigned char)s[i]) && !strchr(extra, s[i]))
            return false;
    return true;
}

/*
 * Gives every object without an address its place, by the rule of
 * sim/address_map.h: in the order they are listed, at the first multiple of
 * 64 from 0x10000 on that is at or after the end of every object before it,
 * an object's end being its address plus its type's footprint.  Then refuses
 * two objects whose footprints share a byte (the scenario compiler reports
 * that with a line number; this is for bytecode made some other way).
 */
static void place_objects(reader *r, script_program *p)
{
    uint64_t next = SIM_OBJECTS_AUTO;
    for (uint32_t i = 0; i < p->n_objects; i++) {
        script_object *o = &p->objects[i];
        if (o->vaddr == 0)
            o->vaddr = next;
        uint64_t end = o->vaddr + o->type->footprint;
        uint64_t aligned = (end + SIM_OBJECTS_ALIGN - 1) & ~(uint64_t)(SIM_OBJECTS_ALIGN - 1);
        if (aligned > next)
            next = aligned;
        if (end > SIM_OBJECTS_END) {
            fail(r, "object '%s' would end at 0x%llx, past the objects' space (0x%x)", o->name,
                 (unsigned long long)end, SIM_OBJECTS_END);
            return;
        }
        for (uint32_t j = 0; j < i; j++) {
            const script_object *q = &p->objects[j];
            if (o->vaddr < q->vaddr + q->type->footprint && q->vaddr < end) {
                fail(r, "object '%s' at 0x%llx (%u bytes) overlaps '%s' at 0x%llx (%u bytes)",
                     o->name, (unsigned long long)o->vaddr, o->type->footprint, q->name,
                     (unsigned long long)q->vaddr, q->type->footprint);
                return;
            }
        }
    }
}

static void operand(reader *r, const script_program *p, script_operand *o)
{
    o->kind = byte(r);
    switch (o->kind) {
    case OPERAND_LITERAL: o->literal = zigzag(r); break;
    case OPERAND_FIELD: {
        uint32_t obj = bounded(r, SCRIPT_MAX_OBJECTS, "object index");
        if (r->failed)
            return;
        if (obj >= p->n_objects) {
            fail(r, "object %u does not exist (there are %u)", obj, p->n_objects);
            return;
        }
        const char *field = string_ref(r, p, "field name");
        if (r->failed)
            return;
        int f = script_field_index(p->objects[obj].type, field);
        if (f < 0) {
            fail(r, "type %s has no field '%s'", p->objects[obj].type->name, field);
            return;
        }
        o->object = (int16_t)obj;
        o->field = (int16_t)f;
        break;
    }
    case OPERAND_RESULT: break;
    default:
        if (!r->failed)
            fail(r, "unknown operand kind %u", o->kind);
    }
}

static void expr(reader *r, const script_program *p, script_expr *e)
{
    operand(r, p, &e->lhs);
    e->cmp = byte(r);
    if (!r->failed && e->cmp >= CMP_COUNT)
        fail(r, "unknown comparison %u", e->cmp);
    operand(r, p, &e->rhs);
    e->text = string_ref(r, p, "assertion text");
}

/* Whether running code[from, to) (a repeat's decoded body: each inner repeat's
 * body_end already set) takes at least one step of the machine. */
static bool takes_a_step(const script_actor *a, uint32_t from, uint32_t to)
{
    for (uint32_t i = from; i < to; i = a->code[i].op == OP_REPEAT ? a->code[i].body_end : i + 1) {
        const script_instr *in = &a->code[i];
        if (in->op != OP_REPEAT || (in->count > 0 && takes_a_step(a, i + 1, in->body_end)))
            return true;
    }
    return false;
}

/* Decode instructions from bytes [r->at, end) into a->code. */
static void code(reader *r, const script_program *p, script_actor *a, size_t end, int depth)
{
    while (!r->failed && r->at < end) {
        if (a->n_code >= r->code_cap) {
            fail(r, "more than %d instructions", SCRIPT_MAX_INSTRS);
            return;
        }
        script_instr *in = &a->code[a->n_code++];
        memset(in, 0, sizeof *in);
        in->op = byte(r);
        switch (in->op) {
        case OP_CALL: {
            uint32_t obj = bounded(r, SCRIPT_MAX_OBJECTS, "object index");
            if (!r->failed && obj >= p->n_objects) {
                fail(r, "object %u does not exist (there are %u)", obj, p->n_objects);
                return;
            }
            const char *name = string_ref(r, p, "operation name");
            if (r->failed)
                return;
            const script_type *t = p->objects[obj].type;
            in->object = (int16_t)obj;
            in->call = script_op_named(t, name);
            if (!in->call) {
                fail(r, "type %s has no operation '%s'", t->name, name);
                return;
            }
            in->n_args = (uint8_t)bounded(r, SCRIPT_MAX_ARGS, "argument count");
            if (!r->failed && in->n_args != in->call->n_args) {
                fail(r, "%s.%s takes %u arguments, not %u", t->name, name, in->call->n_args,
                     in->n_args);
                return;
            }
            for (unsigned k = 0; k < in->n_args && !r->failed; k++)
                in->args[k] = zigzag(r);
            break;
        }
        case OP_REPEAT: {
            if (depth >= SCRIPT_MAX_DEPTH) {
                fail(r, "repeat nested deeper than %d", SCRIPT_MAX_DEPTH);
                return;
            }
            in->count = bounded(r, SCRIPT_MAX_REPEAT, "repeat count");
            uint32_t body = bounded(r, SCRIPT_MAX_CODE, "repeat body length");
            if (r->failed)
                return;
            if (body > end - r->at) {
                fail(r, "repeat body of %u bytes runs past the end of its code", body);
                return;
            }
            uint32_t self = a->n_code - 1;
            code(r, p, a, r->at + body, depth + 1);
            /* Every other instruction takes at least one step; a body that is
             * empty, or holds only loops that run zero times, takes none, so
             * nested such repeats would spin for ever inside an actor without
             * the machine ever getting control back. */
            if (!r->failed && a->n_code == self + 1) {
                fail(r, "repeat with an empty body");
                return;
            }
            if (!r->failed && !takes_a_step(a, self + 1, a->n_code)) {
                fail(r, "repeat whose body takes no step (it holds only repeat 0 loops)");
                return;
            }
            a->code[self].body_end = a->n_code;
            break;
        }
        case OP_WORK:
            in->count = bounded(r, SCRIPT_MAX_REPEAT, "work steps");
            if (!r->failed && in->count == 0)
                fail(r, "work needs at least 1 step");
            break;
        case OP_SLEEP:
            in->duration_us = (int64_t)varint(r);
            if (!r->failed && (in->duration_us < 0 || in->duration_us > SCRIPT_MAX_SLEEP_US))
                fail(r, "sleep of %lld us is too long", (long long)in->duration_us);
            break;
        case OP_CS_ENTER:
        case OP_CS_EXIT: break;
        case OP_PRINT: in->text = string_ref(r, p, "print text"); break;
        case OP_ASSERT: expr(r, p, &in->expr); break;
        default:
            r->at--;
            fail(r, "unknown opcode %u", in->op);
            return;
        }
    }
}

/* Version 2's tail: the variant, the variants allowed, the starting schedule. */
static void run_settings(reader *r, script_program *p)
{
    uint64_t v = varint(r);
    if (r->failed)
        return;
    if (v > p->n_strings) {
        fail(r, "the variant refers to string %llu; there are %u", (unsigned long long)v - 1,
             p->n_strings);
        return;
    }
    p->variant = v ? p->strings[v - 1] : NULL;
    if (p->variant && !script_variant_known(p->variant)) {
        fail(r, "unknown variant '%s'", p->variant);
        return;
    }
    p->n_variants = bounded(r, SCRIPT_MAX_VARIANTS, "variant count");
    for (uint32_t i = 0; i < p->n_variants && !r->failed; i++) {
        p->variants[i] = string_ref(r, p, "variant name");
        if (!r->failed && !script_variant_known(p->variants[i]))
            fail(r, "unknown variant '%s'", p->variants[i]);
    }
    uint32_t n = bounded(r, SCRIPT_MAX_SCHEDULE, "schedule length");
    if (r->failed || n == 0)
        return;
    if (n > r->len - r->at) {
        fail(r, "the schedule runs past the end");
        return;
    }
    if (memchr(r->p + r->at, 0, n)) {
        fail(r, "the schedule contains a NUL byte");
        return;
    }
    p->schedule = malloc(n + 1);
    if (!p->schedule) {
        fail(r, "out of memory");
        return;
    }
    memcpy(p->schedule, r->p + r->at, n);
    p->schedule[n] = 0;
    r->at += n;
}

/* Version 3's tail: the memory model a run uses unless told otherwise. */
static void memory_setting(reader *r, script_program *p)
{
    uint64_t v = varint(r);
    if (r->failed || v == 0)
        return; /* none given: sc */
    if (v > p->n_strings) {
        fail(r, "the memory model refers to string %llu; there are %u", (unsigned long long)v - 1,
             p->n_strings);
        return;
    }
    p->memory = p->strings[v - 1];
    if (!sim_memory_known(p->memory))
        fail(r, "unknown memory model '%s' (%s)", p->memory, SIM_MEMORY_MODELS);
}

script_program *script_decode(const uint8_t *bytes, size_t len, char *err, size_t errsize)
{
    reader r = {.p = bytes, .len = len, .err = err, .errsize = errsize};
    snprintf(err, errsize, "bytecode: invalid");
    if (!bytes || len < 5 || memcmp(bytes, SCRIPT_MAGIC, 4) != 0) {
        snprintf(err, errsize, "bytecode: does not start with \"LSBC\"");
        return NULL;
    }
    if (len > SCRIPT_MAX_BYTES) {
        snprintf(err, errsize, "bytecode: %zu bytes, more than the limit of %u", len,
                 SCRIPT_MAX_BYTES);
        return NULL;
    }
    r.at = 4;
    unsigned version = byte(&r);
    if (version < SCRIPT_VERSION_OLDEST || version > SCRIPT_VERSION_MEMORY) {
        snprintf(err, errsize,
                 "bytecode: version %u is not supported (this reads versions %d to %d)", version,
                 SCRIPT_VERSION_OLDEST, SCRIPT_VERSION_MEMORY);
        return NULL;
    }
    script_program *p = calloc(1, sizeof *p);
    if (!p) {
        snprintf(err, errsize, "bytecode: out of memory");
        return NULL;
    }

    p->n_strings = bounded(&r, SCRIPT_MAX_STRINGS, "string count");
    if (!r.failed && p->n_strings > len) /* each string needs at least a byte */
        fail(&r, "string count %u is larger than the bytecode", p->n_strings);
    if (!r.failed && p->n_strings) {
        p->strings = calloc(p->n_strings, sizeof *p->strings);
        if (!p->strings)
            fail(&r, "out of memory");
    }
    for (uint32_t i = 0; i < p->n_strings && !r.failed; i++) {
        uint32_t n = bounded(&r, SCRIPT_MAX_STRING, "string length");
        if (r.failed)
            break;
        if (n > len - r.at) {
            fail(&r, "string %u runs past the end", i);
            break;
        }
        if (memchr(bytes + r.at, 0, n)) {
            fail(&r, "string %u contains a NUL byte", i);
            break;
        }
        p->strings[i] = malloc(n + 1);
        if (!p->strings[i]) {
            fail(&r, "out of memory");
            break;
        }
        memcpy(p->strings[i], bytes + r.at, n);
        p->strings[i][n] = 0;
        r.at += n;
    }

    p->n_objects = r.failed ? 0 : bounded(&r, SCRIPT_MAX_OBJECTS, "object count");
    for (uint32_t i = 0; i < p->n_objects && !r.failed; i++) {
        script_object *o = &p->objects[i];
        o->name = string_ref(&r, p, "object name");
        const char *type = string_ref(&r, p, "object type");
        o->vaddr = varint(&r);
        uint32_t n = bounded(&r, SCRIPT_MAX_PARAMS, "parameter count");
        if (r.failed)
            break;
        if (!is_name(o->name, "_", SIM_NAME_MAX - 1)) {
            fail(&r,
                 "object %u's name '%s' must be a letter or _, then letters, digits or _ "
                 "(at most %d)",
                 i + 1, o->name, SIM_NAME_MAX - 1);
            break;
        }
        o->type = script_type_named(type);
        if (!o->type) {
            fail(&r, "object '%s' has unknown type '%s'", o->name, type);
            break;
        }
        if (n > o->type->n_params) {
            fail(&r, "type %s takes %u parameters, not %u", type, o->type->n_params, n);
            break;
        }
        if (o->vaddr % 8 != 0 || o->vaddr > SIM_OBJECTS_END - o->type->footprint) {
            fail(&r,
                 "object '%s': address 0x%llx must be a multiple of 8 and leave its %u bytes "
                 "below 0x%x",
                 o->name, (unsigned long long)o->vaddr, o->type->footprint, SIM_OBJECTS_END);
            break;
        }
        for (uint32_t k = 0; k < o->type->n_params; k++)
            o->params[k] = k < n ? zigzag(&r) : o->type->param_defaults[k];
        for (uint32_t j = 0; j < i && !r.failed; j++)
            if (strcmp(p->objects[j].name, o->name) == 0)
                fail(&r, "two objects are named '%s'", o->name);
    }

    if (!r.failed)
        place_objects(&r, p);

    p->n_actors = r.failed ? 0 : bounded(&r, SCRIPT_MAX_ACTORS, "actor count");
    for (uint32_t i = 0; i < p->n_actors && !r.failed; i++) {
        script_actor *a = &p->actors[i];
        a->name = string_ref(&r, p, "actor name");
        a->kind = (uint8_t)bounded(&r, 2, "actor kind");
        int64_t prio = zigzag(&r);
        uint32_t n = bounded(&r, SCRIPT_MAX_CODE, "code length");
        if (r.failed)
            break;
        if (!a->name[0] || strlen(a->name) >= SIM_NAME_MAX - 8) {
            fail(&r, "actor %u needs a name of 1 to %d characters", i + 1, SIM_NAME_MAX - 9);
            break;
        }
        if (!is_name(a->name, "_-", SIM_NAME_MAX - 9) || !isalpha((unsigned char)a->name[0])) {
            fail(&r, "actor %u's name '%s' must be a letter, then letters, digits, _ or -", i + 1,
                 a->name);
            break;
        }
        if (prio < -1000 || prio > 1000) {
            fail(&r, "actor '%s' has priority %lld, outside -1000..1000", a->name, (long long)prio);
            break;
        }
        a->priority = (int32_t)prio;
        if (n > len - r.at) {
            fail(&r, "the code of actor '%s' runs past the end", a->name);
            break;
        }
        for (uint32_t j = 0; j < i; j++)
            if (strcmp(p->actors[j].name, a->name) == 0)
                fail(&r, "two actors are named '%s'", a->name);
        /* an instruction takes at least one byte, so n bounds their number */
        r.code_cap = n < SCRIPT_MAX_INSTRS ? n : SCRIPT_MAX_INSTRS;
        a->code = calloc(r.code_cap ? r.code_cap : 1, sizeof *a->code);
        if (!a->code) {
            fail(&r, "out of memory");
            break;
        }
        char where[64];
        snprintf(where, sizeof where, "actor %u (%s)", i + 1, a->name);
        r.where = where;
        code(&r, p, a, r.at + n, 0);
        r.where = NULL;
    }

    p->n_finals = r.failed ? 0 : bounded(&r, SCRIPT_MAX_FINALS, "final assertion count");
    for (uint32_t i = 0; i < p->n_finals && !r.failed; i++)
        expr(&r, p, &p->finals[i]);
    for (uint32_t i = 0; i < p->n_finals && !r.failed; i++)
        if (p->finals[i].lhs.kind == OPERAND_RESULT || p->finals[i].rhs.kind == OPERAND_RESULT)
            fail(&r, "a final assertion cannot use 'result'");

    if (!r.failed && version >= 2)
        run_settings(&r, p);
    if (!r.failed && version >= 3)
        memory_setting(&r, p);

    if (!r.failed && r.at != len)
        fail(&r, "%zu unexpected bytes after the end", len - r.at);
    if (r.failed) {
        script_program_free(p);
        return NULL;
    }
    err[0] = 0;
    return p;
}

void script_program_free(script_program *p)
{
    if (!p)
        return;
    for (uint32_t i = 0; i < p->n_strings; i++)
        free(p->strings ? p->strings[i] : NULL);
    free(p->strings);
    for (uint32_t i = 0; i < SCRIPT_MAX_ACTORS; i++)
        free(p->actors[i].code);
    free(p->schedule);
    free(p);
}

const char *script_program_variant(const script_program *p, const char *asked, char *err,
                                   size_t errsize)
{
    const char *v = asked ? asked : p->variant ? p->variant : "correct";
    if (p->n_variants == 0)
        return v;
    for (uint32_t i = 0; i < p->n_variants; i++)
        if (strcmp(p->variants[i], v) == 0)
            return v;
    size_t n = 0;
    err[0] = 0;
    for (uint32_t i = 0; i < p->n_variants && n < errsize; i++) {
        int k = snprintf(err + n, errsize - n, "%s%s", i ? ", " : "", p->variants[i]);
        if (k < 0)
            break;
        n += (size_t)k;
    }
    return NULL;
}
