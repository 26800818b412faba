/*
 * Virtual addresses (core/sim/address_map.h): objects get the documented
 * places whatever engine globals exist and whatever the word size, engine
 * globals and parkers have ranges of their own, and two objects that would
 * share a byte are refused.
 */
#include "bcbuild.h"
#include "check.h"
#include "script/world.h"
#include "sim/address_map.h"
#include "sim/run.h"

#include <stdlib.h>

/* The decoded program of p (freed), or NULL with the message in err. */
static script_program *decoded(bc_prog *p, char *err, size_t errsize)
{
    bc_bytes b = bc_finish(p);
    bc_free(p);
    script_program *prog = script_decode(b.p, b.n, err, errsize);
    free(b.p);
    return prog;
}

static const char *decode_message(bc_prog *p)
{
    static char err[300];
    script_program *prog = decoded(p, err, sizeof err);
    if (prog) {
        script_program_free(prog);
        return "ok";
    }
    return err;
}

TEST(objects_without_an_address_follow_the_catalog_footprints)
{
    bc_prog p;
    bc_init(&p);
    bc_object(&p, "s1", "semaphore", 0, 0, NULL);    /* 512 bytes */
    bc_object(&p, "m1", "mini_mutex", 0, 0, NULL);   /* 64 bytes */
    bc_object(&p, "c", "counter", 0x20000, 0, NULL); /* by hand */
    bc_object(&p, "m2", "mini_mutex", 0, 0, NULL);   /* after c */
    bc_object(&p, "low", "counter", 0x8, 0, NULL);   /* by hand, below the others */
    bc_object(&p, "s2", "semaphore", 0, 0, NULL);    /* still after m2 */
    char err[300] = "";
    script_program *prog = decoded(&p, err, sizeof err);
    CHECK_STR(err, "");
    CHECK(prog);
    CHECK_EQ(prog->objects[0].vaddr, 0x10000);
    CHECK_EQ(prog->objects[1].vaddr, 0x10200);
    CHECK_EQ(prog->objects[2].vaddr, 0x20000);
    CHECK_EQ(prog->objects[3].vaddr, 0x20040);
    CHECK_EQ(prog->objects[4].vaddr, 0x8);
    CHECK_EQ(prog->objects[5].vaddr, 0x20080);
    script_program_free(prog);
}

TEST(two_objects_sharing_a_byte_are_refused)
{
    bc_prog p;
    bc_init(&p);
    bc_object(&p, "m1", "mini_mutex", 0, 0, NULL);
    bc_object(&p, "m2", "mini_mutex", 0x10038, 0, NULL);
    CHECK_STR(decode_message(&p), "bytecode: at byte 34: object 'm2' at 0x10038 (64 bytes) "
                                  "overlaps 'm1' at 0x10000 (64 bytes)");

    bc_init(&p);
    bc_object(&p, "a", "counter", 0x10000, 0, NULL);
    bc_object(&p, "s", "semaphore", 0xff00, 0, NULL);
    CHECK_STR(decode_message(&p), "bytecode: at byte 41: object 's' at 0xff00 (512 bytes) "
                                  "overlaps 'a' at 0x10000 (64 bytes)");

    /* Touching is not overlapping. */
    bc_init(&p);
    bc_object(&p, "m1", "mini_mutex", 0, 0, NULL);
    bc_object(&p, "m2", "mini_mutex", 0x10040, 0, NULL);
    CHECK_STR(decode_message(&p), "ok");
}

TEST(objects_stay_below_the_globals)
{
    bc_prog p;
    bc_init(&p);
    bc_object(&p, "m", "mini_mutex", SIM_OBJECTS_END - 64, 0, NULL);
    CHECK_STR(decode_message(&p), "ok");

    bc_init(&p);
    bc_object(&p, "m", "mini_mutex", SIM_OBJECTS_END - 56, 0, NULL);
    CHECK_STR(decode_message(&p), "bytecode: at byte 28: object 'm': address 0x3fffffc8 must be "
                                  "a multiple of 8 and leave its 64 bytes below 0x40000000");

    /* So large that adding the footprint would wrap around. */
    bc_init(&p);
    bc_object(&p, "m", "mini_mutex", UINT64_MAX - 7, 0, NULL);
    CHECK_STR(decode_message(&p), "bytecode: at byte 33: object 'm': address 0xfffffffffffffff8 "
                                  "must be a multiple of 8 and leave its 64 bytes below "
                                  "0x40000000");

    /* An object without an address after one placed high runs out of room. */
    bc_init(&p);
    bc_object(&p, "high", "mini_mutex", SIM_OBJECTS_END - 64, 0, NULL);
    bc_object(&p, "next", "mini_mutex", 0, 0, NULL);
    CHECK_STR(decode_message(&p), "bytecode: at byte 40: object 'next' would end at 0x40000040, "
                                  "past the objects' space (0x40000000)");
}

/* A world of two mutexes and actors A and B that lock the second one. */
static script_world *two_mutexes(char *err, size_t errsize)
{
    bc_prog p;
    bc_init(&p);
    bc_object(&p, "m1", "mini_mutex", 0, 0, NULL);
    int m2 = bc_object(&p, "m2", "mini_mutex", 0, 0, NULL);
    bc_code code;
    bc_code_init(&code);
    bc_call(&p, &code, m2, "lock", 0, NULL);
    bc_work(&code, 2);
    bc_call(&p, &code, m2, "unlock", 0, NULL);
    bc_actor(&p, "A", 0, 0, &code);
    bc_actor(&p, "B", 0, 0, &code);
    bc_bytes_free(&code);
    script_program *prog = decoded(&p, err, errsize);
    if (!prog)
        return NULL;
    sim_config cfg = {.trace = true};
    return script_world_new(prog, &cfg, err, errsize);
}

TEST(an_engine_global_does_not_move_the_second_mutex)
{
    char err[300] = "";
    script_world *w = two_mutexes(err, sizeof err);
    CHECK_STR(err, "");
    CHECK(w);
    sim_machine *m = script_world_machine(w);
    /* The first mutex's init made its engine's global (the first of the
     * run, in the first window); the second still comes right after the
     * first. */
    const void *table = sim_global_nth(m, 0);
    CHECK(table);
    CHECK_EQ(sim_vaddr(m, table), SIM_GLOBALS_START);
    CHECK_EQ(sim_vaddr(m, script_world_object(w, 0)), 0x10000);
    CHECK_EQ(sim_vaddr(m, script_world_object(w, 1)), 0x10040);
    /* Actor i's parker is at its own place too. */
    CHECK_EQ(sim_vaddr(m, sim_parker_of(m, 0)), SIM_PARKERS_START);
    CHECK_EQ(sim_vaddr(m, sim_parker_of(m, 1)), SIM_PARKERS_START + SIM_PARKER_SPAN);
    /* And so after a reset, and at the end of a run. */
    sim_run_result res;
    sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 1000, &res);
    CHECK_STR(sim_outcome_name(sim_outcome_of(m)), "done");
    CHECK_EQ(sim_vaddr(m, script_world_object(w, 1)), 0x10040);
    CHECK_EQ(sim_reset(m), 0);
    CHECK_EQ(sim_vaddr(m, script_world_object(w, 1)), 0x10040);
    CHECK_EQ(sim_vaddr(m, sim_global_nth(m, 0)), SIM_GLOBALS_START);
    CHECK(sim_global_nth(m, 1) == NULL);
    const script_program *prog = script_world_program(w);
    script_world_free(w);
    script_program_free((script_program *)prog);
}

/* ---- the machine alone: regions made by hand -------------------------------------- */

static unsigned char arena[4][100];
static plat_global big_global = {.name = "big", .size = 5000};
static plat_global small_global = {.name = "small", .size = 8};

static void no_init(void *data) { (void)data; }

/* Object, global, object, global, object: the globals move nothing. */
static int interleaved(sim_machine *m, void *arg)
{
    (void)arg;
    big_global.init = small_global.init = no_init;
    if (sim_add_region(m, "a", arena[0], 100, 0, 0) < 0)
        return -1;
    (void)sim_global(m, &big_global);
    if (sim_add_region(m, "b", arena[1], 100, 0, 0) < 0)
        return -1;
    (void)sim_global(m, &small_global);
    return sim_add_region(m, "c", arena[2], 100, 0, 0) < 0 ? -1 : 0;
}

TEST(engine_globals_get_windows_and_never_move_objects)
{
    sim_config cfg = {0};
    sim_machine *m = sim_new(&cfg, interleaved, NULL, NULL);
    CHECK_EQ(sim_reset(m), 0);
    CHECK_EQ(sim_vaddr(m, arena[0]), 0x10000);
    CHECK_EQ(sim_vaddr(m, arena[1]), 0x10080);
    CHECK_EQ(sim_vaddr(m, arena[2]), 0x10100);
    /* The k-th global of the run: its window, whatever the size of the others. */
    CHECK_EQ(sim_vaddr(m, sim_global_peek(m, &big_global)), SIM_GLOBALS_START);
    CHECK_EQ(sim_vaddr(m, sim_global_peek(m, &small_global)), SIM_GLOBALS_START + SIM_GLOBAL_SPAN);
    sim_free(m);
}

static int collide(sim_machine *m, void *arg)
{
    (void)arg;
    if (sim_add_region(m, "a", arena[0], 100, 0x10000, 0) < 0)
        return -1;
    return sim_add_region(m, "b", arena[1], 100, 0x10060, 0) < 0 ? -1 : 0;
}

TEST(the_machine_refuses_overlapping_regions_last_of_all)
{
    sim_config cfg = {0};
    sim_machine *m = sim_new(&cfg, collide, NULL, NULL);
    CHECK_EQ(sim_reset(m), -1);
    CHECK_STR(sim_error(m), "object 'b' at address 0x10060 overlaps 'a' (0x10000, 100 bytes)");
    sim_free(m);
}
