/*
 * The bytecode decoder (core/script/decode.c): good programs decode, and
 * everything else is refused with a message naming what and where, without
 * reading outside the buffer, allocating absurd amounts or looping.
 *
 * Byte offsets in the expected messages are the decoder's position when it
 * noticed the problem, which is usually just after the field at fault; the
 * byte maps in the comments count from 0.
 */
#include "bcsamples.h"
#include "check.h"
#include "script/world.h"
#include "sim/run.h"

#include <stdlib.h>
#include <string.h>

/* Every input is copied into a buffer of exactly its size, so that under
 * AddressSanitizer a read one byte too far is caught. */
static script_program *decode(const void *bytes, size_t n, char *err, size_t errsize)
{
    uint8_t *copy = malloc(n ? n : 1);
    if (n)
        memcpy(copy, bytes, n);
    script_program *p = script_decode(copy, n, err, errsize);
    free(copy);
    return p;
}

/* The decoder's message for these bytes, or "ok". */
static const char *decode_error(const void *bytes, size_t n)
{
    static char err[300];
    script_program *p = decode(bytes, n, err, sizeof err);
    if (p) {
        script_program_free(p);
        return "ok";
    }
    return err;
}

static const char *bytes_error(bc_bytes b)
{
    const char *e = decode_error(b.p, b.n);
    free(b.p);
    return e;
}

/* Runs a decoded program round-robin for at most max_steps steps, as the
 * fuzzer does: nothing may crash or hang, whatever the outcome. */
static sim_outcome run_program(const script_program *p, uint64_t max_steps)
{
    char err[300];
    sim_config cfg = {.trace = true};
    script_world *w = script_world_new(p, &cfg, err, sizeof err);
    if (!w)
        return SIM_ERROR;
    sim_run_result res;
    sim_run(script_world_machine(w), SIM_POLICY_ROUND_ROBIN, NULL, 0, max_steps, &res);
    sim_outcome o = sim_outcome_of(script_world_machine(w));
    script_world_free(w);
    return o;
}

/* A tiny deterministic generator for the random inputs below. */
static uint64_t rng_state;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (uint32_t)(rng_state >> 33);
}

/* ---- good programs --------------------------------------------------------------------- */

TEST(a_good_program_decodes_field_by_field)
{
    bc_bytes b = sample_everything();
    char err[300];
    script_program *p = decode(b.p, b.n, err, sizeof err);
    free(b.p);
    CHECK_STR(err, "");
    CHECK(p);

    CHECK_EQ(p->n_objects, 2);
    CHECK_STR(p->objects[0].name, "racy");
    CHECK_STR(p->objects[0].type->name, "counter");
    CHECK_EQ(p->objects[0].params[0], 5);
    CHECK_EQ(p->objects[0].vaddr, 0x10000); /* written as 0: placed by the decoder */
    CHECK_STR(p->objects[1].type->name, "atomic_counter");
    CHECK_EQ(p->objects[1].vaddr, 0x40000);
    CHECK_EQ(p->objects[1].params[0], 0); /* the default of "initial" */

    CHECK_EQ(p->n_actors, 3);
    const script_actor *a = &p->actors[0], *b2 = &p->actors[1], *i = &p->actors[2];
    CHECK_STR(a->name, "A");
    CHECK_EQ(a->kind, SIM_THREAD);
    /* repeat { repeat { racy.increment } safe.increment } get assert print */
    CHECK_EQ(a->n_code, 7);
    CHECK_EQ(a->code[0].op, OP_REPEAT);
    CHECK_EQ(a->code[0].count, 2);
    CHECK_EQ(a->code[0].body_end, 4);
    CHECK_EQ(a->code[1].op, OP_REPEAT);
    CHECK_EQ(a->code[1].body_end, 3);
    CHECK_EQ(a->code[2].op, OP_CALL);
    CHECK_STR(a->code[2].call->name, "increment");
    CHECK_EQ(a->code[2].object, 0);
    CHECK_EQ(a->code[3].object, 1);
    CHECK_STR(a->code[4].call->name, "get");
    CHECK_EQ(a->code[5].op, OP_ASSERT);
    CHECK_EQ(a->code[5].expr.lhs.kind, OPERAND_RESULT);
    CHECK_EQ(a->code[5].expr.cmp, CMP_GE);
    CHECK_EQ(a->code[5].expr.rhs.literal, 5);
    CHECK_STR(a->code[5].expr.text, "result >= 5");
    CHECK_STR(a->code[6].text, "A is done");

    CHECK_STR(b2->name, "B");
    CHECK_EQ(b2->kind, SIM_TASK);
    CHECK_EQ(b2->priority, 3);
    CHECK_EQ(b2->n_code, 6);
    CHECK_EQ(b2->code[1].op, OP_WORK);
    CHECK_EQ(b2->code[1].count, 2);
    CHECK_EQ(b2->code[3].duration_us, 100);
    CHECK_EQ(b2->code[5].expr.lhs.kind, OPERAND_FIELD);
    CHECK_EQ(b2->code[5].expr.lhs.object, 1);

    CHECK_EQ(i->kind, SIM_ISR);
    CHECK_EQ(i->priority, -2);

    CHECK_EQ(p->n_finals, 2);
    CHECK_STR(p->finals[1].text, "racy <= 9");
    CHECK_EQ(run_program(p, 10000), SIM_DONE);
    script_program_free(p);
}

TEST(the_racy_counter_lesson_runs)
{
    /* Two actors, three increments each.  Round-robin interleaves every load
     * with the other actor's, so every second update is lost. */
    bc_bytes b = sample_counter(2, 3, 0);
    char err[300];
    script_program *p = decode(b.p, b.n, err, sizeof err);
    free(b.p);
    CHECK(p);
    sim_config cfg = {.trace = true};
    script_world *w = script_world_new(p, &cfg, err, sizeof err);
    CHECK(w);
    sim_machine *m = script_world_machine(w);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 1000, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_VIOLATION);
    CHECK_EQ(sim_steps(m), 12);
    jbuf v = {0};
    sim_violation_json(m, &v);
    CHECK_STR(v.text, "{\"kind\":\"assertion\",\"message\":\"assertion 'counter == 6' failed: "
                      "counter.value is 3\",\"step\":12}");
    jb_free(&v);
    script_world_free(w);
    script_program_free(p);
}

/* Every order of the 2 x `times` steps of two actors, as bit masks: bit k set
 * means step k+1 is B's.  Returns a bit set of the final counter values. */
static uint32_t every_final_value(int times, int atomic, int steps_per_increment)
{
    bc_bytes b = sample_counter(2, times, atomic);
    char err[300];
    script_program *p = decode(b.p, b.n, err, sizeof err);
    free(b.p);
    sim_config cfg = {.trace = false};
    script_world *w = script_world_new(p, &cfg, err, sizeof err);
    sim_machine *m = script_world_machine(w);
    int per_actor = times * steps_per_increment, total = 2 * per_actor;
    uint32_t values = 0;
    for (uint32_t mask = 0; mask < (1u << total); mask++) {
        if (__builtin_popcount(mask) != per_actor)
            continue;
        sim_reset(m);
        for (int k = 0; k < total; k++)
            sim_step(m, (mask >> k) & 1);
        jbuf s = {0};
        sim_state_json(m, &s);
        const char *v = strstr(s.text, "\"fields\":{\"value\":");
        int value = v ? atoi(v + 18) : -1;
        jb_free(&s);
        if (value >= 0 && value < 32)
            values |= 1u << value;
    }
    script_world_free(w);
    script_program_free(p);
    return values;
}

TEST(the_racy_counter_can_end_at_every_value_from_2_to_6)
{
    /* All C(12, 6) = 924 interleavings of two actors' three loads and three
     * stores: the lesson's claim that 2, 3, 4, 5 and 6 all happen, and
     * nothing else. */
    CHECK_EQ(every_final_value(3, 0, 2), (1u << 2) | (1u << 3) | (1u << 4) | (1u << 5) | (1u << 6));
    /* With fetch_add, all C(6, 3) = 20 interleavings end at 6. */
    CHECK_EQ(every_final_value(3, 1, 1), 1u << 6);
}

/* ---- truncated and random bytes ----------------------------------------------------- */

TEST(every_truncation_is_refused)
{
    bc_bytes samples[3] = {sample_everything(), sample_counter(3, 4, 0), sample_no_objects()};
    for (int s = 0; s < 3; s++) {
        CHECK_STR(decode_error(samples[s].p, samples[s].n), "ok");
        for (size_t len = 0; len < samples[s].n; len++) {
            const char *e = decode_error(samples[s].p, len);
            if (strncmp(e, "bytecode: ", 10) != 0)
                check_fail(__FILE__, __LINE__, "sample %d cut to %zu bytes: \"%s\"", s, len, e);
            if (len < 5)
                CHECK_STR(e, "bytecode: does not start with \"LSBC\"");
        }
        free(samples[s].p);
    }
    /* Where the cut lands decides the message, e.g. inside the string table: */
    bc_bytes b = sample_no_objects();
    CHECK_STR(decode_error(b.p, 5), "bytecode: at byte 5: unexpected end of bytecode");
    CHECK_STR(decode_error(b.p, 8), "bytecode: at byte 7: string 0 runs past the end");
    /* (the last byte is the run settings' schedule length) */
    CHECK_STR(decode_error(b.p, b.n - 1), "bytecode: at byte 45: unexpected end of bytecode");
    free(b.p);
}

TEST(random_bytes_are_refused_without_harm)
{
    rng_state = 1;
    uint8_t buf[256];
    int accepted = 0;
    for (int round = 0; round < 20000; round++) {
        size_t n = rnd() % sizeof buf;
        for (size_t k = 0; k < n; k++)
            buf[k] = (uint8_t)rnd();
        if (round % 2 && n >= 5) /* half of them get past the magic and version */
            memcpy(buf, "LSBC\x01", 5);
        char err[300];
        script_program *p = decode(buf, n, err, sizeof err);
        if (p) {
            accepted++;
            run_program(p, 2000);
            script_program_free(p);
        } else {
            CHECK(strncmp(err, "bytecode: ", 10) == 0);
        }
    }
    check_note("%d of 20000 random inputs happened to be valid programs", accepted);
}

TEST(mutated_programs_are_refused_or_run)
{
    /* Flipping a few bytes of a good program reaches far deeper into the
     * decoder than random bytes; whatever still decodes must run. */
    rng_state = 2;
    bc_bytes good = sample_everything();
    uint8_t *buf = malloc(good.n);
    int accepted = 0;
    const int rounds = 5000;
    for (int round = 0; round < rounds; round++) {
        memcpy(buf, good.p, good.n);
        int flips = 1 + (int)(rnd() % 3);
        for (int f = 0; f < flips; f++)
            buf[5 + rnd() % (good.n - 5)] = (uint8_t)rnd();
        char err[300];
        script_program *p = decode(buf, good.n, err, sizeof err);
        if (p) {
            accepted++;
            run_program(p, 2000);
            script_program_free(p);
        }
    }
    check_note("%d of %d mutants decoded and ran", accepted, rounds);
    free(buf);
    free(good.p);
}

/* ---- exact messages ---------------------------------------------------------------- */

TEST(header_errors)
{
    CHECK_STR(decode_error("LSBX\x01\x00\x00\x00\x00", 9),
              "bytecode: does not start with \"LSBC\"");
    CHECK_STR(decode_error("LSBC\x04\x00\x00\x00\x00\x00\x00\x00", 12),
              "bytecode: version 4 is not supported (this reads versions 1 to 3)");
    CHECK_STR(decode_error("LSBC\x00\x00\x00\x00\x00", 9),
              "bytecode: version 0 is not supported (this reads versions 1 to 3)");
    /* version 3 adds the memory model after the run settings: a string */
    CHECK_STR(decode_error("LSBC\x03\x01\x03tso\x00\x00\x00\x00\x00\x00\x01", 17), "ok");
    CHECK_STR(decode_error("LSBC\x03\x01\x05weird\x00\x00\x00\x00\x00\x00\x01", 19),
              "bytecode: at byte 19: unknown memory model 'weird' (sc, tso, ra)");
    CHECK_STR(decode_error("LSBC\x01\x00\x00\x00\x00", 9), "ok"); /* the empty program */
    /* version 2 ends with the run settings: here none */
    CHECK_STR(decode_error("LSBC\x02\x00\x00\x00\x00\x00\x00\x00", 12), "ok");
    CHECK_STR(decode_error("LSBC\x02\x00\x00\x00\x00", 9),
              "bytecode: at byte 9: unexpected end of bytecode");
    CHECK_STR(decode_error("LSBC\x01\x00\x00\x00\x00\x00", 10),
              "bytecode: at byte 9: 1 unexpected bytes after the end");
}

/* An empty version 2 program: two strings, no objects, actors or final
 * assertions, then the run settings given (the caller appends them). */
static bc_bytes settings_prefix(void)
{
    bc_bytes b = {0};
    bc_raw(&b, "LSBC\x02", 5);
    bc_varint(&b, 2);
    bc_varint(&b, 7);
    bc_raw(&b, "correct", 7);
    bc_varint(&b, 16);
    bc_raw(&b, "validate_outside", 16);
    bc_raw(&b, "\x00\x00\x00", 3); /* no objects, actors, final assertions */
    return b;
}

TEST(version_2_carries_the_scenarios_variant_and_schedule)
{
    bc_bytes b = settings_prefix();
    bc_varint(&b, 2); /* the variant: string 1 */
    bc_varint(&b, 2); /* two variants allowed: strings 0 and 1 */
    bc_varint(&b, 0);
    bc_varint(&b, 1);
    bc_varint(&b, 6);
    bc_raw(&b, "v1: A ", 6);
    char err[300];
    script_program *p = decode(b.p, b.n, err, sizeof err);
    free(b.p);
    CHECK(p != NULL);
    CHECK_STR(p->variant, "validate_outside");
    CHECK_EQ(p->n_variants, 2);
    CHECK_STR(p->schedule, "v1: A ");
    /* what a run uses: the option if given, else the scenario's own */
    CHECK_STR(script_program_variant(p, NULL, err, sizeof err), "validate_outside");
    CHECK_STR(script_program_variant(p, "correct", err, sizeof err), "correct");
    CHECK(script_program_variant(p, "widen", err, sizeof err) == NULL);
    CHECK_STR(err, "correct, validate_outside");
    script_program_free(p);

    /* version 1 has no settings: "correct", any variant, no schedule */
    p = decode("LSBC\x01\x00\x00\x00\x00", 9, err, sizeof err);
    CHECK(p != NULL);
    CHECK(p->variant == NULL && p->schedule == NULL && p->n_variants == 0);
    CHECK_STR(script_program_variant(p, NULL, err, sizeof err), "correct");
    CHECK_STR(script_program_variant(p, "widen", err, sizeof err), "widen");
    script_program_free(p);
}

TEST(bad_run_settings_are_refused)
{
    bc_bytes b = settings_prefix();
    bc_raw(&b, "\x05\x00\x00", 3);
    CHECK_STR(bytes_error(b), "bytecode: at byte 35: the variant refers to string 4; there are 2");

    b = settings_prefix();
    bc_raw(&b, "\x01\x01\x05\x00", 4);
    CHECK_STR(bytes_error(b), "bytecode: at byte 37: variant name refers to string 5; there are 2");

    b = settings_prefix();
    bc_raw(&b, "\x00\x21", 2);
    CHECK_STR(bytes_error(b),
              "bytecode: at byte 36: variant count is 33, more than the limit of 32");

    b = settings_prefix();
    bc_raw(&b, "\x00\x00\x09v1: A", 8);
    CHECK_STR(bytes_error(b), "bytecode: at byte 37: the schedule runs past the end");

    b = settings_prefix();
    bc_raw(&b, "\x00\x00\x03v\x001", 6);
    CHECK_STR(bytes_error(b), "bytecode: at byte 37: the schedule contains a NUL byte");

    b = settings_prefix();
    bc_raw(&b, "\x00\x00\x02v1?", 6);
    CHECK_STR(bytes_error(b), "bytecode: at byte 39: 1 unexpected bytes after the end");
}

TEST(absurd_counts_are_refused_before_allocating)
{
    /* 2^40 strings: bytes 5..10 hold the varint 80 80 80 80 80 20 */
    CHECK_STR(decode_error("LSBC\x01\x80\x80\x80\x80\x80\x20", 11),
              "bytecode: at byte 11: string count is 1099511627776, more than the limit of 4096");
    /* 4096 strings (the limit) in a 7-byte program */
    CHECK_STR(decode_error("LSBC\x01\x80\x20", 7),
              "bytecode: at byte 7: string count 4096 is larger than the bytecode");
    /* a varint that never ends */
    CHECK_STR(decode_error("LSBC\x01\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 16),
              "bytecode: at byte 15: varint longer than 64 bits");
    /* 10^6 actors: 0 strings, 0 objects, then the varint c0 84 3d */
    CHECK_STR(decode_error("LSBC\x01\x00\x00\xc0\x84\x3d", 10),
              "bytecode: at byte 10: actor count is 1000000, more than the limit of 26");
    CHECK_STR(decode_error("LSBC\x01\x00\x41", 7),
              "bytecode: at byte 7: object count is 65, more than the limit of 64");
    /* a string of 5000 bytes */
    CHECK_STR(decode_error("LSBC\x01\x01\x88\x27", 8),
              "bytecode: at byte 8: string length is 5000, more than the limit of 4096");
}

/* A program with one atomic_counter "c" and one actor "A" whose code is `code`. */
static bc_bytes one_actor(bc_prog *p, const bc_code *code)
{
    bc_actor(p, "A", 0, 0, code);
    bc_bytes out = bc_finish(p);
    bc_free(p);
    return out;
}

TEST(unknown_names_are_refused)
{
    bc_prog p;
    bc_code code;

    /* "LSBC" 01 | 02 strings: 01 'c' 06 "countr" | 01 object: 00 01 00 00 | ... */
    bc_init(&p);
    bc_object(&p, "c", "countr", 0, 0, NULL);
    CHECK_STR(bytes_error(bc_finish(&p)),
              "bytecode: at byte 20: object 'c' has unknown type 'countr'");
    bc_free(&p);

    bc_init(&p);
    int c = bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_code_init(&code);
    bc_call(&p, &code, c, "incr", 0, NULL);
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 36: type counter has no operation 'incr'");
    bc_bytes_free(&code);

    bc_init(&p);
    c = bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_code_init(&code);
    bc_assert(&p, &code, bc_field(&p, c, "valu"), CMP_EQ, bc_literal(1), "c.valu == 1");
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 49: type counter has no field 'valu'");
    bc_bytes_free(&code);

    /* an object index past the objects */
    bc_init(&p);
    bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_code_init(&code);
    bc_call(&p, &code, 3, "increment", 0, NULL);
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 40: object 3 does not exist (there are 1)");
    bc_bytes_free(&code);

    /* a string index past the table */
    CHECK_STR(decode_error("LSBC\x01\x00\x00\x01\x07", 9),
              "bytecode: at byte 9: actor name refers to string 7; there are 0");
}

TEST(wrong_arguments_and_operands_are_refused)
{
    bc_prog p;
    bc_code code;

    bc_init(&p);
    int c = bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_code_init(&code);
    bc_call(&p, &code, c, "increment", 1, (int64_t[]){1});
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 42: counter.increment takes 0 arguments, not 1");
    bc_bytes_free(&code);

    bc_init(&p);
    bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_code_init(&code);
    bc_assert(&p, &code, bc_literal(1), 9, bc_literal(1), "1 ? 1");
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 38: unknown comparison 9");
    bc_bytes_free(&code);

    bc_init(&p);
    bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_code_init(&code);
    bc_assert(&p, &code, (bc_operand){.bytes = {7}, .n = 1}, CMP_EQ, bc_literal(1), "? == 1");
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 37: unknown operand kind 7");
    bc_bytes_free(&code);

    /* result is the running actor's last result: meaningless at the end */
    bc_init(&p);
    bc_final(&p, bc_result(), CMP_EQ, bc_literal(0), "result == 0");
    bc_bytes b = bc_finish(&p);
    bc_free(&p);
    CHECK_STR(bytes_error(b), "bytecode: at byte 26: a final assertion cannot use 'result'");
}

TEST(bad_code_shapes_are_refused)
{
    bc_prog p;
    bc_code code, body;

    /* 0-3 LSBC, 4 version, 5 one string, 6-7 "A", 8 no objects, 9 one actor,
     * 10 name, 11 kind, 12 priority, 13 code length 1, 14 the opcode */
    CHECK_STR(decode_error("LSBC\x01\x01\x01"
                           "A\x00\x01\x00\x00\x00\x01\x63\x00",
                           16),
              "bytecode: actor 1 (A): at byte 14: unknown opcode 99");

    /* a repeat whose body claims 50 bytes of a 3-byte code */
    bc_init(&p);
    bc_code_init(&code);
    bc_byte(&code, OP_REPEAT);
    bc_varint(&code, 2);
    bc_varint(&code, 50);
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 17: repeat body of 50 bytes runs past the end of "
              "its code");
    bc_bytes_free(&code);

    /* repeats nested 8 deep are fine; 9 are too deep */
    for (int depth = 8; depth <= 9; depth++) {
        bc_init(&p);
        bc_code_init(&code);
        bc_work(&code, 1);
        for (int d = 0; d < depth; d++) {
            bc_code_init(&body);
            bc_repeat(&body, 2, &code);
            bc_bytes_free(&code);
            code = body;
        }
        const char *e = bytes_error(one_actor(&p, &code));
        if (depth == 8)
            CHECK_STR(e, "ok");
        else
            CHECK_STR(e, "bytecode: actor 1 (A): at byte 39: repeat nested deeper than 8");
        bc_bytes_free(&code);
    }

    /* An empty repeat body takes no step: repeat 10^6 { repeat 10^6 { } }
     * would spin inside the actor for ever, so it is refused. */
    bc_init(&p);
    bc_code_init(&body);
    bc_code_init(&code);
    bc_repeat(&code, 1000000, &body);
    bc_code_init(&body);
    bc_repeat(&body, 1000000, &code);
    CHECK_STR(bytes_error(one_actor(&p, &body)),
              "bytecode: actor 1 (A): at byte 24: repeat with an empty body");
    bc_bytes_free(&code);
    bc_bytes_free(&body);

    bc_init(&p);
    bc_code_init(&code);
    bc_repeat(&code, 1000001, &(bc_code){.p = (uint8_t[]){OP_CS_ENTER}, .n = 1});
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 18: repeat count is 1000001, more than the limit "
              "of 1000000");
    bc_bytes_free(&code);

    bc_init(&p);
    bc_code_init(&code);
    bc_work(&code, 0);
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 16: work needs at least 1 step");
    bc_bytes_free(&code);

    bc_init(&p);
    bc_code_init(&code);
    bc_sleep(&code, 1000000000001ull);
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 21: sleep of 1000000000001 us is too long");
    bc_bytes_free(&code);

    /* 8193 one-byte instructions */
    bc_init(&p);
    bc_code_init(&code);
    for (int k = 0; k < 8193; k++)
        bc_cs_enter(&code);
    CHECK_STR(bytes_error(one_actor(&p, &code)),
              "bytecode: actor 1 (A): at byte 8207: more than 8192 instructions");
    bc_bytes_free(&code);
}

TEST(bad_names_and_values_are_refused)
{
    bc_prog p;
    bc_code code;
    bc_code_init(&code);
    bc_work(&code, 1);

    bc_init(&p);
    bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_object(&p, "c", "atomic_counter", 0, 0, NULL);
    CHECK_STR(bytes_error(bc_finish(&p)), "bytecode: at byte 40: two objects are named 'c'");
    bc_free(&p);

    bc_init(&p);
    bc_actor(&p, "A", 0, 0, &code);
    bc_actor(&p, "A", 0, 0, &code);
    CHECK_STR(bytes_error(bc_finish(&p)), "bytecode: at byte 20: two actors are named 'A'");
    bc_free(&p);

    bc_init(&p);
    bc_actor(&p, "a-very-long-name", 0, 0, &code);
    CHECK_STR(bytes_error(bc_finish(&p)),
              "bytecode: at byte 29: actor 1 needs a name of 1 to 15 characters");
    bc_free(&p);

    bc_init(&p);
    bc_actor(&p, "A", 3, 0, &code);
    CHECK_STR(bytes_error(bc_finish(&p)),
              "bytecode: at byte 12: actor kind is 3, more than the limit of 2");
    bc_free(&p);

    bc_init(&p);
    bc_actor(&p, "A", 0, 1001, &code);
    CHECK_STR(bytes_error(bc_finish(&p)),
              "bytecode: at byte 15: actor 'A' has priority 1001, outside -1000..1000");
    bc_free(&p);

    bc_init(&p);
    bc_object(&p, "c", "counter", 0x1001, 0, NULL);
    CHECK_STR(bytes_error(bc_finish(&p)),
              "bytecode: at byte 22: object 'c': address 0x1001 must be a multiple of 8 and "
              "leave its 64 bytes below 0x40000000");
    bc_free(&p);

    bc_init(&p);
    bc_object(&p, "c", "counter", 0, 2, (int64_t[]){1, 2});
    CHECK_STR(bytes_error(bc_finish(&p)),
              "bytecode: at byte 21: type counter takes 1 parameters, not 2");
    bc_free(&p);

    CHECK_STR(decode_error("LSBC\x01\x01\x03"
                           "a\0b",
                           10),
              "bytecode: at byte 7: string 0 contains a NUL byte");
    bc_bytes_free(&code);
}

TEST(bad_parameters_are_refused_when_the_world_is_built)
{
    /* The decoder checks the shape; the type checks the values. */
    bc_prog p;
    bc_init(&p);
    bc_object(&p, "c", "counter", 0, 1, (int64_t[]){-1});
    bc_bytes b = bc_finish(&p);
    bc_free(&p);
    char err[300];
    script_program *prog = decode(b.p, b.n, err, sizeof err);
    free(b.p);
    CHECK(prog);
    sim_config cfg = {.trace = true};
    CHECK(script_world_new(prog, &cfg, err, sizeof err) == NULL);
    CHECK_STR(err, "object 'c' (counter): initial must be between 0 and 4294967295");
    cfg.variant = "no_such_variant";
    CHECK(script_world_new(prog, &cfg, err, sizeof err) == NULL);
    CHECK_STR(err, "unknown variant 'no_such_variant'");
    script_program_free(prog);
}
