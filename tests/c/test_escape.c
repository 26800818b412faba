/*
 * Messages that quote input show control characters escaped
 * (core/sim/escape.h): the helper itself, and the decoder, the schedule
 * parser, replay and world building through it.
 */
#include "bcbuild.h"
#include "check.h"
#include "script/world.h"
#include "sim/escape.h"
#include "sim/run.h"
#include "sim/schedule.h"

#include <stdlib.h>

static const char *escaped(const char *s, size_t n)
{
    static char out[200];
    return text_escape_n(out, sizeof out, s, n);
}

TEST(control_characters_are_written_as_escapes)
{
    CHECK_STR(escaped("a\x1b[31mb", 7), "a\\x1b[31mb");
    CHECK_STR(escaped("a\0b", 3), "a\\x00b");
    CHECK_STR(escaped("\t\n\r\x7f", 4), "\\x09\\x0a\\x0d\\x7f");
    /* C1 controls (U+009B is a one-character CSI) */
    CHECK_STR(escaped("\xc2\x9b"
                      "2J",
                      4),
              "\\u009b2J");
    /* bytes that are not UTF-8: a lone continuation, a truncated sequence,
     * an overlong encoding, a surrogate */
    CHECK_STR(escaped("\x9b\xff", 2), "\\x9b\\xff");
    CHECK_STR(escaped("\xe4\xb8", 2), "\\xe4\\xb8");
    CHECK_STR(escaped("\xc0\xaf", 2), "\\xc0\\xaf");
    CHECK_STR(escaped("\xed\xa0\x80", 3), "\\xed\\xa0\\x80");
    /* everything else is kept, backslashes and other languages included */
    CHECK_STR(escaped("m\\x1b \xc3\xa9 \xe4\xb8\xad \xf0\x9f\x94\x92", 17),
              "m\\x1b \xc3\xa9 \xe4\xb8\xad \xf0\x9f\x94\x92");
}

TEST(escaping_twice_changes_nothing_and_a_cut_keeps_whole_escapes)
{
    char once[64], twice[64];
    text_escape(once, sizeof once,
                "A\x1b"
                "B\x07");
    text_escape(twice, sizeof twice, once);
    CHECK_STR(twice, once);
    char small[6];
    CHECK_STR(text_escape(small, sizeof small,
                          "ab\x1b"
                          "cd"),
              "ab"); /* not "ab\x1" */
    CHECK_STR(text_escape(small, sizeof small, "\xe4\xb8\xad\xe4\xb8\xad"), "\xe4\xb8\xad");
}

static const char *decoder_says(bc_prog *p)
{
    static char err[300];
    bc_bytes b = bc_finish(p);
    bc_free(p);
    script_program *prog = script_decode(b.p, b.n, err, sizeof err);
    free(b.p);
    if (prog) {
        script_program_free(prog);
        return "ok";
    }
    return err;
}

TEST(the_decoder_escapes_what_it_quotes)
{
    bc_prog p;
    bc_init(&p);
    bc_object(&p, "c", "\x1b[2Jcounter", 0, 0, NULL);
    CHECK_STR(decoder_says(&p),
              "bytecode: at byte 25: object 'c' has unknown type '\\x1b[2Jcounter'");

    /* Names are identifiers: one with a control character is refused. */
    bc_init(&p);
    bc_object(&p, "c\x1b", "counter", 0, 0, NULL);
    CHECK_STR(decoder_says(&p), "bytecode: at byte 22: object 1's name 'c\\x1b' must be a letter "
                                "or _, then letters, digits or _ (at most 23)");

    bc_code code;
    bc_code_init(&code);
    bc_work(&code, 1);
    bc_init(&p);
    bc_actor(&p, "B\a", 0, 0, &code);
    CHECK_STR(decoder_says(&p),
              "bytecode: at byte 15: actor 1's name 'B\\x07' must be a letter, then letters, "
              "digits, _ or -");

    bc_init(&p);
    int c = bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_code call;
    bc_code_init(&call);
    bc_call(&p, &call, c, "incr\x1b[0m", 0, NULL);
    bc_actor(&p, "A", 0, 0, &call);
    CHECK_STR(decoder_says(&p), "bytecode: actor 1 (A): at byte 40: type counter has no operation "
                                "'incr\\x1b[0m'");
    bc_bytes_free(&call);
    bc_bytes_free(&code);
}

TEST(the_schedule_parser_escapes_what_it_quotes)
{
    sim_schedule s;
    sim_schedule_init(&s);
    char err[200];
    CHECK_EQ(sim_schedule_parse("v1: A \x1b", 7, &s, err, sizeof err), -1);
    CHECK_STR(err, "schedule: unexpected character at column 7: '\\x1b'");
    sim_schedule_free(&s);
}

/* A one-actor world: A increments c once. */
static script_world *one_counter(const char *variant, char *err, size_t errsize)
{
    bc_prog p;
    bc_init(&p);
    int c = bc_object(&p, "c", "counter", 0, 0, NULL);
    bc_code code;
    bc_code_init(&code);
    bc_call(&p, &code, c, "increment", 0, NULL);
    bc_actor(&p, "A", 0, 0, &code);
    bc_actor(&p, "B", 0, 0, &code);
    bc_bytes_free(&code);
    bc_bytes b = bc_finish(&p);
    bc_free(&p);
    script_program *prog = script_decode(b.p, b.n, err, errsize);
    free(b.p);
    CHECK(prog);
    sim_config cfg = {.trace = true, .variant = variant};
    script_world *w = script_world_new(prog, &cfg, err, errsize);
    if (!w)
        script_program_free(prog);
    return w;
}

TEST(a_variant_and_a_diverging_schedule_are_quoted_escaped)
{
    char err[300];
    CHECK(one_counter("\x1b]0;title\a", err, sizeof err) == NULL);
    CHECK_STR(err, "unknown variant '\\x1b]0;title\\x07'");

    script_world *w = one_counter("correct", err, sizeof err);
    CHECK(w);
    sim_machine *m = script_world_machine(w);
    sim_schedule s;
    sim_schedule_init(&s);
    const char *text = "v1: B@load:c\x1b[5m";
    CHECK_EQ(sim_schedule_parse(text, strlen(text), &s, err, sizeof err), 0);
    sim_run_result res;
    CHECK_EQ(sim_run(m, SIM_POLICY_ROUND_ROBIN, &s, 0, 100, &res), -1);
    CHECK_STR(res.message,
              "schedule diverged at step 1: expected B load on c\\x1b[5m, got B load on c");
    CHECK_STR(sim_end_message(m), res.message);
    sim_schedule_free(&s);
    const script_program *prog = script_world_program(w);
    script_world_free(w);
    script_program_free((script_program *)prog);
}
