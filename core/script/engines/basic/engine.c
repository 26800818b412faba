/*
 * Engine basic for scenarios: its one variant and its object types.
 */
#include "binding.h"

static const char *const basic_variants[] = {"correct", NULL};
static const script_type *const basic_types[] = {&type_counter, &type_atomic_counter,
                                                 &type_atomic_cell, &type_outcome, NULL};

const script_engine engine_basic = {
    .name = "basic",
    .summary = "a shared counter, racy and atomic; atomic cells with memory orders, for litmus "
               "tests",
    .variants = basic_variants,
    .types = basic_types,
};
