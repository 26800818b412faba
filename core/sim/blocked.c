/*
 * Why an actor cannot move, as a reason code and its arguments
 * (sim_blocked_of), and the few calls that build, read and write one.
 *
 * Invariant: an actor that can move has no reason; one that cannot has
 * exactly one, taken in this order: its own state (finished, dormant), the
 * run being over, the scheduling model holding it back, the world's own
 * explanation (a binding that knows its object), the machine's enabled rule.
 * It is `held` exactly when the scheduling model gave it.  The reason is computed here only;
 * everything that says it (the trace, the state JSON, the command line, the web) starts from this
 * data.
 */
#include "machine_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sim_blocked_set(sim_blocked *r, const sim_blocked_code *code)
{
    r->code = code;
    r->held = false;
    r->n = 0;
}

static sim_blocked_arg *add(sim_blocked *r, const char *key)
{
    if (r->n >= SIM_BLOCKED_ARGS)
        return NULL;
    sim_blocked_arg *a = &r->args[r->n++];
    a->key = key;
    a->num = 0;
    a->text[0] = 0;
    return a;
}

void sim_blocked_num(sim_blocked *r, const char *key, int64_t value)
{
    sim_blocked_arg *a = add(r, key);
    if (a) {
        a->is_text = false;
        a->num = value;
    }
}

void sim_blocked_text(sim_blocked *r, const char *key, const char *text)
{
    sim_blocked_arg *a = add(r, key);
    if (a) {
        a->is_text = true;
        snprintf(a->text, sizeof a->text, "%s", text ? text : "?");
    }
}

const sim_blocked_arg *sim_blocked_arg_of(const sim_blocked *r, const char *key)
{
    for (int k = 0; k < r->n; k++)
        if (strcmp(r->args[k].key, key) == 0)
            return &r->args[k];
    return NULL;
}

int64_t sim_blocked_num_of(const sim_blocked *r, const char *key, int64_t absent)
{
    const sim_blocked_arg *a = sim_blocked_arg_of(r, key);
    return a && !a->is_text ? a->num : absent;
}

const char *sim_blocked_text_of(const sim_blocked *r, const char *key)
{
    const sim_blocked_arg *a = sim_blocked_arg_of(r, key);
    return a && a->is_text ? a->text : "?";
}

size_t sim_say(char *buf, size_t size, size_t used, const char *fmt, ...)
{
    if (size == 0 || used >= size - 1)
        return used;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(buf + used, size - used, fmt, ap);
    va_end(ap);
    if (k < 0)
        return used;
    used += (size_t)k;
    return used < size ? used : size - 1;
}

void sim_blocked_english(const sim_blocked *r, char *buf, size_t size)
{
    buf[0] = 0;
    if (r->code && r->code->english)
        r->code->english(r, buf, size);
}

void sim_blocked_json(const sim_blocked *r, jbuf *b)
{
    jb_raw(b, "{");
    jb_key(b, "why");
    jb_str(b, r->code ? r->code->name : "none");
    if (r->held) {
        jb_key(b, "held");
        jb_raw(b, "true");
    }
    for (int k = 0; k < r->n; k++) {
        jb_key(b, r->args[k].key);
        if (r->args[k].is_text)
            jb_str(b, r->args[k].text);
        else
            jb_int(b, r->args[k].num);
    }
    jb_raw(b, "}");
}

/* The machine's own enabled rule: what the announced action waits for. */
static void rule_reason(sim_machine *m, int i, sim_blocked *r)
{
    const sim_action *p = &m->actors[i].pending;
    switch (p->kind) {
    case SIM_ACT_LOCK: {
        int owner = ((const plat_lock *)p->target)->owner - 1;
        char what[64];
        sim_object_name(m, p->target, what, sizeof what);
        sim_blocked_set(r, &sim_blocked_lock);
        sim_blocked_text(r, "object", what);
        sim_blocked_text(r, "holder", sim_actor_name(m, owner));
        if (owner == i)
            sim_blocked_num(r, "own", 1);
        break;
    }
    case SIM_ACT_PARK:
        sim_blocked_set(r, &sim_blocked_parked);
        if (p->deadline >= 0)
            sim_blocked_num(r, "until", p->deadline);
        break;
    case SIM_ACT_BLOCK:
        sim_blocked_set(r, &sim_blocked_blocked);
        if (p->deadline >= 0)
            sim_blocked_num(r, "until", p->deadline);
        break;
    case SIM_ACT_SLEEP:
        sim_blocked_set(r, &sim_blocked_sleep);
        sim_blocked_num(r, "until", p->deadline);
        break;
    default: sim_blocked_set(r, &sim_blocked_cannot_move);
    }
}

void sim_blocked_of(sim_machine *m, int i, sim_blocked *r)
{
    sim_blocked_set(r, NULL);
    if (i < 0 || i >= m->n_actors || sim_is_enabled(m, i))
        return;
    const sim_actor *a = &m->actors[i];
    if (a->finished) {
        sim_blocked_set(r, &sim_blocked_finished);
        return;
    }
    if (a->dormant) {
        sim_blocked_set(r, &sim_blocked_dormant);
        sim_blocked_text(r, "kind", a->kind == SIM_ISR ? "isr" : "task");
        return;
    }
    if (m->outcome != SIM_RUNNING && m->outcome != SIM_STUCK) {
        sim_blocked_set(r, &sim_blocked_over);
        return;
    }
    if (sim_rule_allows(m, i) && m->model->held_why) {
        m->model->held_why(m, i, r); /* the enabled rule allows it: the model holds it */
        if (r->code) {
            r->held = true;
            return;
        }
    }
    if (m->hooks.describe_block && m->hooks.describe_block(m, i, r, m->setup_arg) && r->code)
        return;
    rule_reason(m, i, r);
}

void sim_block_reason(sim_machine *m, int i, char *buf, size_t size)
{
    sim_blocked r;
    sim_blocked_of(m, i, &r);
    sim_blocked_english(&r, buf, size);
}
