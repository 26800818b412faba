/*
 * Writes the bytecode seed corpus: make_corpus DIR
 *
 * The seeds are small, valid programs that between them use every opcode,
 * operand kind and limit the decoder knows, and every engine's object types,
 * so the fuzzer starts from inputs that reach deep instead of having to
 * discover the format and the names.  They are
 * committed (tests/fuzz/corpus/bytecode/); run `make fuzz-corpus` to write
 * them again after the bytecode format changes.
 */
#include "bcsamples.h"

#include <stdio.h>
#include <stdlib.h>

static int write_seed(const char *dir, const char *name, bc_bytes b)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b.p, 1, b.n, f) != b.n) {
        fprintf(stderr, "make_corpus: cannot write %s\n", path);
        return 1;
    }
    fclose(f);
    free(b.p);
    return 0;
}

/* Repeats nested as deep as the decoder allows, around one increment. */
static bc_bytes deepest_nesting(void)
{
    bc_prog p;
    bc_init(&p);
    int c = bc_object(&p, "c", "atomic_counter", 0, 0, NULL);
    bc_code code, outer;
    bc_code_init(&code);
    bc_call(&p, &code, c, "increment", 0, NULL);
    for (int d = 0; d < SCRIPT_MAX_DEPTH; d++) {
        bc_code_init(&outer);
        bc_repeat(&outer, 2, &code);
        bc_bytes_free(&code);
        code = outer;
    }
    bc_actor(&p, "A", 0, 0, &code);
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&code);
    bc_free(&p);
    return out;
}

/* The most actors a scenario may have, each a little different. */
static bc_bytes many_actors(void)
{
    static char names[SCRIPT_MAX_ACTORS][4];
    bc_prog p;
    bc_init(&p);
    int c = bc_object(&p, "c", "counter", 0, 1, (int64_t[]){100});
    for (int i = 0; i < SCRIPT_MAX_ACTORS; i++) {
        snprintf(names[i], sizeof names[i], "T%d", i);
        bc_code code;
        bc_code_init(&code);
        bc_sleep(&code, (uint64_t)(i % 3) * 7); /* three groups wake together */
        bc_call(&p, &code, c, i % 2 ? "increment" : "get", 0, NULL);
        bc_actor(&p, names[i], (unsigned)(i % 3), i - 13, &code);
        bc_bytes_free(&code);
    }
    bc_bytes out = bc_finish(&p);
    bc_free(&p);
    return out;
}

/* Both critical-section instructions, unguarded: overlaps are possible. */
static bc_bytes unguarded_section(void)
{
    bc_prog p;
    bc_init(&p);
    bc_code body, code;
    bc_code_init(&body);
    bc_cs_enter(&body);
    bc_work(&body, 1);
    bc_cs_exit(&body);
    bc_code_init(&code);
    bc_repeat(&code, 3, &body);
    bc_actor(&p, "A", 0, 0, &code);
    bc_actor(&p, "B", 0, 0, &code);
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&body);
    bc_bytes_free(&code);
    bc_free(&p);
    return out;
}

/* The parking_lot engine: two actors lock a mini_mutex around the checked
 * critical section; a third keeps trying. */
static bc_bytes mini_mutex_seed(void)
{
    bc_prog p;
    bc_init(&p);
    int m = bc_object(&p, "m", "mini_mutex", 0, 0, NULL);
    bc_code body, code, tries;
    bc_code_init(&body);
    bc_call(&p, &body, m, "lock", 0, NULL);
    bc_cs_enter(&body);
    bc_work(&body, 1);
    bc_cs_exit(&body);
    bc_call(&p, &body, m, "unlock", 0, NULL);
    bc_code_init(&code);
    bc_repeat(&code, 2, &body);
    bc_actor(&p, "A", 0, 0, &code);
    bc_actor(&p, "B", 0, 0, &code);
    bc_code_init(&tries);
    bc_call(&p, &tries, m, "try_lock", 0, NULL);
    bc_assert(&p, &tries, bc_field(&p, m, "parked"), CMP_LE, bc_literal(1), "parked <= 1");
    bc_actor(&p, "C", 0, 0, &tries);
    bc_final(&p, bc_field(&p, m, "locked"), CMP_LE, bc_literal(1), "locked <= 1");
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&body);
    bc_bytes_free(&code);
    bc_bytes_free(&tries);
    bc_free(&p);
    return out;
}

/* The aqs engine: a fair semaphore of 2 permits, acquired, released, tried
 * with a timeout, drained, reduced, and an interrupt. */
static bc_bytes semaphore_seed(void)
{
    bc_prog p;
    bc_init(&p);
    int s = bc_object(&p, "s", "semaphore", 0, 2, (int64_t[]){2, 1});
    bc_code a, b, c;
    bc_code_init(&a);
    bc_call(&p, &a, s, "acquire", 1, (int64_t[]){2});
    bc_work(&a, 1);
    bc_call(&p, &a, s, "release", 1, (int64_t[]){2});
    bc_actor(&p, "A", 0, 0, &a);
    bc_code_init(&b);
    bc_call(&p, &b, s, "try_acquire_for", 2, (int64_t[]){1, 50});
    bc_call(&p, &b, s, "guarded", 2, (int64_t[]){1, 2});
    bc_call(&p, &b, s, "available", 0, NULL);
    bc_assert(&p, &b, bc_result(), CMP_GE, bc_literal(0), "available >= 0");
    bc_actor(&p, "B", 0, 0, &b);
    bc_code_init(&c);
    bc_call(&p, &c, s, "interrupt", 1, (int64_t[]){1});
    bc_call(&p, &c, s, "drain", 0, NULL);
    bc_call(&p, &c, s, "reduce", 1, (int64_t[]){1});
    bc_call(&p, &c, s, "release", 1, (int64_t[]){3});
    bc_actor(&p, "C", 0, 0, &c);
    bc_final(&p, bc_field(&p, s, "drift"), CMP_EQ, bc_literal(0), "no permit drift");
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&a);
    bc_bytes_free(&b);
    bc_bytes_free(&c);
    bc_free(&p);
    return out;
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: make_corpus DIR\n");
        return 2;
    }
    const char *dir = argv[1];
    int bad = 0;
    bad |= write_seed(dir, "counter-2x3", sample_counter(2, 3, 0));
    bad |= write_seed(dir, "atomic-counter-3x2", sample_counter(3, 2, 1));
    bad |= write_seed(dir, "everything", sample_everything());
    bad |= write_seed(dir, "no-objects", sample_no_objects());
    bad |= write_seed(dir, "deepest-nesting", deepest_nesting());
    bad |= write_seed(dir, "many-actors", many_actors());
    bad |= write_seed(dir, "unguarded-section", unguarded_section());
    bad |= write_seed(dir, "mini-mutex", mini_mutex_seed());
    bad |= write_seed(dir, "semaphore", semaphore_seed());
    return bad;
}
