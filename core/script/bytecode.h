/*
 * bytecode.h: the compact form of a scenario, as the C side receives it.
 *
 * Scenarios are written in YAML; the JavaScript side (wasm/js/scenario.js)
 * validates them and compiles them to this format.  Integers are LEB128
 * varints; "zig" marks a zigzag-encoded signed varint; "str" is an index into
 * the string table.
 *
 *   "LSBC"  version (one byte, = 2 or 3; version 1 is still read: it is
 *           version 2 without the run settings at the end; version 3 is
 *           version 2 with the memory model after the schedule, and is
 *           written only for a scenario that names one)
 *   varint  n_strings        each: varint length, UTF-8 bytes
 *   varint  n_objects        each: str name, str type, varint vaddr (0: placed by the
 *                                  rule of sim/address_map.h), varint n_params, zig params...
 *   varint  n_actors         each: str name, varint kind (0 thread, 1 task, 2 isr),
 *                                  zig priority, varint code_length, code bytes
 *   varint  n_final_asserts  each: expr, str text
 *   the run settings (version 2), what a run uses unless told otherwise:
 *   varint  variant          0: none given, else 1 + the string of the variant
 *   varint  n_variants       each: str name; the variants a run may pick
 *                            (0: any the engines have)
 *   varint  schedule_length  then that many bytes: the schedule a run starts
 *                            from (0: none)
 *   varint  memory           (version 3) 1 + the string of the memory model
 *   (nothing may follow)
 *
 * Code is a sequence of instructions, each one opcode byte and its operands:
 *
 *   CALL      varint object, str operation, varint n_args, zig args...
 *   REPEAT    varint count, varint body_length (bytes of the body that follows)
 *   WORK      varint n          n steps of local work
 *   SLEEP     varint us         sleep for a virtual duration
 *   CS_ENTER, CS_EXIT           the checked critical section
 *   PRINT     str text
 *   ASSERT    expr, str text
 *
 * An expr is: operand, comparison byte (0 ==, 1 !=, 2 <, 3 <=, 4 >, 5 >=),
 * operand; an operand is a kind byte then 0: zig literal, 1: varint object and
 * str field, 2: the actor's last result.
 *
 * Engines add operations through the catalog (catalog.h), not through new
 * opcodes, so this format changes only when the language itself does.
 */
#ifndef LOCKSTEP_BYTECODE_H
#define LOCKSTEP_BYTECODE_H

#define SCRIPT_MAGIC "LSBC"
/* The version written for a scenario without `memory:`, and for one with it. */
#define SCRIPT_VERSION 2
#define SCRIPT_VERSION_MEMORY 3
#define SCRIPT_VERSION_OLDEST 1 /* the oldest version the decoder still reads */

enum script_opcode {
    OP_CALL = 1,
    OP_REPEAT = 2,
    OP_WORK = 3,
    OP_SLEEP = 4,
    OP_CS_ENTER = 5,
    OP_CS_EXIT = 6,
    OP_PRINT = 7,
    OP_ASSERT = 8,
};

enum script_operand_kind { OPERAND_LITERAL = 0, OPERAND_FIELD = 1, OPERAND_RESULT = 2 };

enum script_cmp { CMP_EQ, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE, CMP_COUNT };

/* Limits the decoder enforces. */
#define SCRIPT_MAX_BYTES (1u << 20)
#define SCRIPT_MAX_STRINGS 4096
#define SCRIPT_MAX_STRING 4096
#define SCRIPT_MAX_OBJECTS 64
#define SCRIPT_MAX_ACTORS 26
#define SCRIPT_MAX_CODE 65536
#define SCRIPT_MAX_INSTRS 8192
#define SCRIPT_MAX_ARGS 4
#define SCRIPT_MAX_PARAMS 4
#define SCRIPT_MAX_DEPTH 8
#define SCRIPT_MAX_REPEAT 1000000
#define SCRIPT_MAX_FINALS 64
#define SCRIPT_MAX_SLEEP_US 1000000000000LL
#define SCRIPT_MAX_VARIANTS 32
#define SCRIPT_MAX_SCHEDULE 65536

#endif
