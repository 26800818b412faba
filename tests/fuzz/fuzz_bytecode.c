/*
 * Fuzz target: the scenario bytecode, from decoder to a running world.
 *
 * Scenario bytecode arrives from a URL or a lesson file, so whatever the
 * bytes, script_decode() must refuse them with a message or return a program
 * that is safe to run.  A program that decodes is built into a world and run
 * round-robin for at most MAX_STEPS steps, with the trace on and every JSON
 * output written, so the interpreter, the engines, the machine and the trace
 * writer all see what the decoder let through.
 *
 * Failures are crashes and sanitizer reports (libFuzzer with AddressSanitizer
 * and UBSan), a hang (libFuzzer's -timeout), and the two properties checked
 * with abort() below.
 */
#include "script/world.h"
#include "sim/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STEPS 2000

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char err[400];
    script_program *p = script_decode(data, size, err, sizeof err);
    if (!p) {
        /* every refusal explains itself */
        if (strncmp(err, "bytecode: ", 10) != 0) {
            fprintf(stderr, "refused without a proper message: \"%s\"\n", err);
            abort();
        }
        return 0;
    }
    sim_config cfg = {.trace = true, .stack_size = 0};
    script_world *w = script_world_new(p, &cfg, err, sizeof err);
    if (w) {
        sim_machine *m = script_world_machine(w);
        sim_run_result res;
        sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, MAX_STEPS, &res);
        if (sim_steps(m) > MAX_STEPS) {
            fprintf(stderr, "ran %llu steps, past the limit of %d\n",
                    (unsigned long long)sim_steps(m), MAX_STEPS);
            abort();
        }
        jbuf out = {0};
        sim_state_json(m, &out);
        sim_trace_jsonl(m, 0, &out);
        sim_schedule s;
        if (sim_schedule_of(m, &s) == 0) {
            sim_schedule_text(m, &s, &out);
            sim_schedule_compact(&s, &out);
        }
        sim_schedule_free(&s);
        jb_free(&out);
        script_world_free(w);
    }
    script_program_free(p);
    return 0;
}
