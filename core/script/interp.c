/*
 * The interpreter: runs one actor's program inside its virtual thread.
 *
 * Each instruction either calls an engine operation (whose platform calls are
 * the steps) or is itself one step of the machine (work, sleep, print, assert,
 * entering and leaving the checked critical section).  Before starting an
 * instruction the interpreter tells the machine its index, so the app can mark
 * the operation an actor is in and "step over" knows where an operation ends.
 */
#include "world.h"

#include <stdio.h>

/* Defined in world.c. */
int64_t *script_world_result(script_world *w, int actor);

static sim_action machine_action(sim_act_kind kind, const char *text, const char *label)
{
    return (sim_action){.kind = kind, .deadline = -1, .text = text, .site = {NULL, 0, label}};
}

bool script_compare(int64_t l, uint8_t cmp, int64_t r)
{
    switch (cmp) {
    case CMP_EQ: return l == r;
    case CMP_NE: return l != r;
    case CMP_LT: return l < r;
    case CMP_LE: return l <= r;
    case CMP_GT: return l > r;
    default: return l >= r;
    }
}

void script_describe_failure(script_world *w, int actor, const script_expr *e, int64_t l, int64_t r,
                             char *buf, size_t size)
{
    (void)actor;
    const script_program *p = script_world_program(w);
    const script_operand *side = e->lhs.kind != OPERAND_LITERAL ? &e->lhs : &e->rhs;
    int64_t value = side == &e->lhs ? l : r;
    if (side->kind == OPERAND_FIELD) {
        const script_object *o = &p->objects[side->object];
        snprintf(buf, size, "assertion '%s' failed: %s.%s is %lld", e->text, o->name,
                 o->type->fields[side->field].name, (long long)value);
    } else if (side->kind == OPERAND_RESULT) {
        snprintf(buf, size, "assertion '%s' failed: the result is %lld", e->text, (long long)value);
    } else {
        snprintf(buf, size, "assertion '%s' failed", e->text);
    }
}

static void run_range(script_world *w, int actor, const script_actor *a, uint32_t from, uint32_t to,
                      uint32_t round)
{
    sim_machine *m = script_world_machine(w);
    for (uint32_t i = from; i < to;) {
        const script_instr *in = &a->code[i];
        if (in->op != OP_REPEAT) /* a repeat is never current: its body is */
            sim_set_op(m, i, round);
        switch (in->op) {
        case OP_REPEAT:
            for (uint32_t k = 0; k < in->count; k++)
                run_range(w, actor, a, i + 1, in->body_end, k);
            i = in->body_end;
            continue;
        case OP_CALL:
            *script_world_result(w, actor) =
                in->call->run(script_world_object(w, in->object), in->args);
            break;
        case OP_WORK:
            for (uint32_t k = 0; k < in->count; k++) {
                sim_action x = machine_action(SIM_ACT_WORK, NULL, "work");
                sim_do(m, &x);
            }
            break;
        case OP_SLEEP: {
            sim_action x = machine_action(SIM_ACT_SLEEP, NULL, "sleep");
            x.deadline = sim_now(m) + in->duration_us;
            x.a = (uint64_t)x.deadline;
            sim_do(m, &x);
            break;
        }
        case OP_CS_ENTER: {
            sim_action x = machine_action(SIM_ACT_CS_ENTER, NULL, "enter critical section");
            sim_do(m, &x);
            break;
        }
        case OP_CS_EXIT: {
            sim_action x = machine_action(SIM_ACT_CS_EXIT, NULL, "leave critical section");
            sim_do(m, &x);
            break;
        }
        case OP_PRINT: {
            sim_action x = machine_action(SIM_ACT_PRINT, in->text, "print");
            sim_do(m, &x);
            break;
        }
        case OP_ASSERT: {
            sim_action x = machine_action(SIM_ACT_ASSERT, in->expr.text, "assert");
            sim_do(m, &x);
            int64_t l = script_operand_value(w, actor, &in->expr.lhs);
            int64_t r = script_operand_value(w, actor, &in->expr.rhs);
            bool held = script_compare(l, in->expr.cmp, r);
            sim_assert_result(m, held);
            if (!held) {
                char msg[240];
                script_describe_failure(w, actor, &in->expr, l, r, msg, sizeof msg);
                sim_violation(m, "assertion", msg, x.site);
            }
            break;
        }
        default: break; /* the decoder admits no other opcode */
        }
        i++;
    }
}

void script_run_actor(script_world *w, int index)
{
    const script_actor *a = &script_world_program(w)->actors[index];
    run_range(w, index, a, 0, a->n_code, 0);
    sim_set_op(script_world_machine(w), a->n_code, 0);
}
