/*
 * The trace: typed events, and everything the machine says about itself in
 * JSON (state snapshots, stuck reports, violations).
 *
 * One event per step, plus engine notes, finishes, clock jumps and the end of
 * the run.  The web app's sequence diagram, its narration and the tests all
 * read these events, so the JSON shape below is a contract: the field order is
 * fixed and numbers are plain integers, which keeps traces byte-identical
 * between the native build and WebAssembly.
 */
#include "machine_internal.h"
#include "mem/model.h"
#include "vec.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A print's text is listed apart from the events: a long run's trace may
 * outgrow the memory (a WebAssembly module has less), its prints rarely. */
static void keep_print(sim_machine *m, const char *text)
{
    const char **p = sim_vec_grow(m->prints, &m->cap_prints, m->n_prints + 1, sizeof *p, 16);
    if (!p)
        return;
    m->prints = p;
    m->prints[m->n_prints++] = text;
}

void sim_emit(sim_machine *m, const sim_event *e)
{
    if (!m->cfg.trace)
        return;
    if (e->kind == SIM_ACT_PRINT)
        keep_print(m, e->text);
    sim_event *ev = sim_vec_grow(m->events, &m->cap_events, m->n_events + 1, sizeof *ev, 256);
    if (!ev) {
        /* out of memory: the trace misses this event, the run goes on, and
         * the report says so */
        if (m->events_lost++ == 0)
            m->first_lost = m->step;
        return;
    }
    m->events = ev;
    m->events[m->n_events++] = *e;
}

const char *sim_keep_text(sim_machine *m, const char *text)
{
    if (!m->cfg.trace)
        return "";
    char **t = sim_vec_grow(m->texts, &m->cap_texts, m->n_texts + 1, sizeof *t, 16);
    if (!t)
        return "";
    m->texts = t;
    size_t n = strlen(text);
    char *copy = malloc(n + 1);
    if (!copy)
        return "";
    memcpy(copy, text, n + 1);
    m->texts[m->n_texts++] = copy;
    return copy;
}

void sim_clear_trace(sim_machine *m)
{
    for (size_t i = 0; i < m->n_texts; i++)
        free(m->texts[i]);
    m->n_texts = 0;
    m->n_events = 0;
    m->n_prints = 0;
    m->events_lost = 0;
}

const char *sim_site_file(const char *file)
{
    if (!file)
        return "";
    /* Paths are shown relative to core/, however the compiler was invoked. */
    const char *best = NULL;
    for (const char *p = strstr(file, "core/"); p; p = strstr(p + 1, "core/"))
        best = p + 5;
    return best ? best : file;
}

static const char *event_name(unsigned kind)
{
    switch (kind) {
    case SIM_EV_NOTE: return "note";
    case SIM_EV_FINISH: return "finish";
    case SIM_EV_CLOCK: return "clock";
    case SIM_EV_VIOLATION: return "violation";
    case SIM_EV_STUCK: return "stuck";
    case SIM_EV_ERROR: return "error";
    case SIM_EV_TICK: return "tick";
    case SIM_EV_RAISE: return "raised";
    case SIM_EV_DROP: return "dropped";
    case SIM_EV_FLUSH: return "flush";
    default: return sim_act_name((sim_act_kind)kind);
    }
}

/* A value of the cell an event touched, with its sign when the cell is signed
 * (an int16_t count writes -1, not 65535). */
static int64_t cell(const sim_event *e, uint64_t raw)
{
    return e->is_signed ? sim_signed_value(raw, e->width) : (int64_t)raw;
}

bool sim_trace_find_last(const sim_machine *m, int actor, int not_actor, const char *kind,
                         const char *label, uint64_t before_step, sim_event_view *out)
{
    for (size_t i = m->n_events; i-- > 0;) {
        const sim_event *e = &m->events[i];
        if (e->step > before_step || (actor >= 0 && e->actor != actor) ||
            (not_actor >= 0 && e->actor == not_actor))
            continue;
        const char *k = event_name(e->kind);
        const char *l = e->site.label ? e->site.label : "";
        if ((kind && strcmp(k, kind) != 0) || (label && strcmp(l, label) != 0))
            continue;
        *out = (sim_event_view){.step = e->step,
                                .actor = e->actor,
                                .kind = k,
                                .label = l,
                                .region = e->region,
                                .old_value = cell(e, e->old_v),
                                .new_value = cell(e, e->new_v)};
        return true;
    }
    return false;
}

static void object_name(const sim_machine *m, int region, int elem, char *buf, size_t size)
{
    const sim_region *g = &m->regions[region];
    if (g->elem_size)
        snprintf(buf, size, "%s[%d]", g->name, elem);
    else
        snprintf(buf, size, "%s", g->name);
}

static void site_json(jbuf *b, plat_site s)
{
    if (!s.file)
        return;
    jb_key(b, "site");
    jb_printf(b, "\"%s:%d\"", sim_site_file(s.file), s.line);
    if (s.label) {
        jb_key(b, "label");
        jb_str(b, s.label);
    }
}

/* "java": "java.lang.Error: ..." after a violation's message, if the engine
 * said what its reference implementation throws (a run has one violation). */
static void thrown_json(const sim_machine *m, jbuf *b)
{
    if (!m->end_thrown[0])
        return;
    jb_key(b, m->end_reference);
    jb_str(b, m->end_thrown);
}

/* Under a weak memory model, an access says its order and whether it went
 * through the store buffer, and a load of the actor's own buffered store what
 * memory holds meanwhile (under sc the trace is as it always was). */
static void weak_json(const sim_machine *m, const sim_event *e, jbuf *b)
{
    if (!m->mem->choices)
        return;
    jb_key(b, "order");
    jb_str(b, sim_order_name(e->order));
    if (e->buffered) {
        jb_key(b, "buffered");
        jb_raw(b, "true");
        if (e->kind == SIM_ACT_LOAD) {
            jb_key(b, "memory");
            jb_int(b, cell(e, e->b));
        }
    }
    if (e->ra_read) { /* ra: the store it read, of how many the cell had */
        jb_key(b, "read_store");
        jb_int(b, (int64_t)e->ra_read - 1);
        jb_key(b, "stores");
        jb_int(b, e->ra_stores);
        jb_key(b, "stored_at");
        jb_int(b, (int64_t)e->ra_read_at);
        if (e->ra_read_by >= 0) {
            jb_key(b, "stored_by");
            jb_str(b, m->actors[e->ra_read_by].name);
        }
    }
    if (e->ra_wrote) { /* ra: its place in the cell's modification order */
        jb_key(b, "store");
        jb_int(b, (int64_t)e->ra_wrote - 1);
    }
    if (e->ra_before_at) { /* ra: placed before the end: the store it went before */
        jb_key(b, "placed_before_at");
        jb_int(b, (int64_t)e->ra_before_at);
        if (e->ra_before_by >= 0) {
            jb_key(b, "placed_before_by");
            jb_str(b, m->actors[e->ra_before_by].name);
        }
    }
    if (e->ra_cell) { /* ra: which cell of the model's state (two may share an object's name) */
        jb_key(b, "cell");
        jb_int(b, (int64_t)e->ra_cell - 1);
    }
}

static void event_json(const sim_machine *m, const sim_event *e, jbuf *b)
{
    unsigned k = e->kind;
    jb_raw(b, "{");
    jb_key(b, "step");
    jb_int(b, (int64_t)e->step);
    jb_key(b, "time");
    jb_int(b, e->time);
    jb_key(b, "kind");
    jb_str(b, event_name(k));
    if (e->actor >= 0) {
        jb_key(b, "actor");
        jb_str(b, m->actors[e->actor].name);
    }
    if (k < SIM_ACT_COUNT) {
        /* which operation of the actor's program this step belongs to */
        jb_key(b, "op");
        jb_int(b, e->op);
        jb_key(b, "round");
        jb_int(b, e->round);
    }
    if (e->region >= 0) {
        char name[48];
        object_name(m, e->region, e->elem, name, sizeof name);
        jb_key(b, "object");
        jb_str(b, name);
    }
    switch (k) {
    case SIM_ACT_LOAD:
    case SIM_ACT_STORE:
    case SIM_ACT_SWAP:
    case SIM_ACT_FETCH_ADD:
    case SIM_ACT_FETCH_OR:
    case SIM_ACT_FETCH_AND:
        jb_key(b, "width");
        jb_int(b, e->width);
        if (k != SIM_ACT_LOAD) {
            jb_key(b, "arg");
            jb_int(b, cell(e, e->a));
        }
        jb_key(b, "old");
        jb_int(b, cell(e, e->old_v));
        jb_key(b, "new");
        jb_int(b, cell(e, e->new_v));
        weak_json(m, e, b);
        break;
    case SIM_EV_FLUSH: /* a buffered store reached memory: the step that stored it */
        jb_key(b, "stored_at");
        jb_int(b, (int64_t)e->a);
        jb_key(b, "old");
        jb_int(b, cell(e, e->old_v));
        jb_key(b, "new");
        jb_int(b, cell(e, e->new_v));
        break;
    case SIM_ACT_FENCE:
        jb_key(b, "order");
        jb_str(b, sim_order_name(e->order));
        break;
    case SIM_ACT_CAS:
        jb_key(b, "width");
        jb_int(b, e->width);
        jb_key(b, "expected");
        jb_int(b, cell(e, e->a));
        jb_key(b, "desired");
        jb_int(b, cell(e, e->b));
        jb_key(b, "old");
        jb_int(b, cell(e, e->old_v));
        jb_key(b, "new");
        jb_int(b, cell(e, e->new_v));
        jb_key(b, "ok");
        jb_raw(b, e->ok ? "true" : "false");
        weak_json(m, e, b);
        break;
    case SIM_ACT_PARK:
    case SIM_ACT_BLOCK:
        jb_key(b, "woken");
        jb_raw(b, e->ok ? "true" : "false");
        if (e->other >= 0) {
            jb_key(b, "by");
            jb_str(b, m->actors[e->other].name);
        }
        break;
    case SIM_ACT_UNPARK:
    case SIM_ACT_RAISE:
        jb_key(b, "target");
        jb_str(b, e->other >= 0 ? m->actors[e->other].name : "?");
        break;
    case SIM_ACT_SET_PRIO:
        jb_key(b, "target");
        jb_str(b, e->other >= 0 ? m->actors[e->other].name : "?");
        /* fall through */
    case SIM_ACT_IRQ_SAVE:
    case SIM_ACT_IRQ_RESTORE:
        jb_key(b, "old");
        jb_int(b, (int64_t)e->old_v);
        jb_key(b, "new");
        jb_int(b, (int64_t)e->new_v);
        break;
    case SIM_ACT_SLEEP:
        jb_key(b, "until");
        jb_int(b, (int64_t)e->a);
        break;
    case SIM_ACT_SPIN:
        jb_key(b, "count");
        jb_int(b, (int64_t)e->a);
        break;
    case SIM_ACT_CS_ENTER:
    case SIM_ACT_CS_EXIT:
        jb_key(b, "inside");
        jb_int(b, (int64_t)e->new_v);
        break;
    case SIM_ACT_PRINT:
    case SIM_ACT_ASSERT:
        jb_key(b, "text");
        jb_str(b, e->text);
        if (k == SIM_ACT_ASSERT) {
            jb_key(b, "ok");
            jb_raw(b, e->ok ? "true" : "false");
        }
        break;
    case SIM_EV_NOTE:
        jb_key(b, "value");
        jb_int(b, (int64_t)e->new_v);
        break;

    case SIM_EV_CLOCK:
    case SIM_EV_TICK:
        jb_key(b, "from");
        jb_int(b, (int64_t)e->old_v);
        break;
    case SIM_EV_VIOLATION:
        jb_key(b, "check");
        jb_str(b, m->end_kind);
        jb_key(b, "message");
        jb_str(b, e->text);
        thrown_json(m, b);
        break;
    case SIM_EV_STUCK:
    case SIM_EV_ERROR:
        jb_key(b, "message");
        jb_str(b, e->text);
        if (e->data && e->data[0]) { /* a stuck actor's reason as data */
            jb_key(b, "blocked");
            jb_raw(b, e->data);
        }
        break;
    default: break;
    }
    if (k != SIM_EV_NOTE || e->site.file)
        site_json(b, e->site);
    jb_raw(b, "}");
}

void sim_trace_jsonl(const sim_machine *m, uint64_t after_step, jbuf *out)
{
    for (size_t i = 0; i < m->n_events; i++) {
        const sim_event *e = &m->events[i];
        if (e->step <= after_step && !(after_step == 0 && e->step == 0))
            continue;
        event_json(m, e, out);
        jb_raw(out, "\n");
    }
}

static void action_json(const sim_machine *m, const sim_action *p, jbuf *b)
{
    /* a signed cell's values are written with their sign, as the event will be */
    bool sign = p->width && p->target && sim_cell_signed(m, p->target);
    jb_raw(b, "{");
    jb_key(b, "kind");
    jb_str(b, sim_act_name(p->kind));
    if (p->target) {
        int elem, r = sim_region_of(m, p->target, &elem);
        if (r >= 0) {
            char name[48];
            object_name(m, r, elem, name, sizeof name);
            jb_key(b, "object");
            jb_str(b, name);
        }
    }
    if (p->width) {
        jb_key(b, "width");
        jb_int(b, p->width);
        if (p->target) {
            /* the cell's value now, so the UI can say "CAS state 01 -> 11" */
            uint64_t v = p->width == 1   ? *(const uint8_t *)p->target
                         : p->width == 2 ? *(const uint16_t *)p->target
                                         : *(const uint32_t *)p->target;
            jb_key(b, "value");
            jb_int(b, sign ? sim_signed_value(v, p->width) : (int64_t)v);
        }
    }
    if (m->mem->choices && (p->width || p->kind == SIM_ACT_FENCE)) {
        /* under a weak model, as the event will say it (sc's JSON is as it was) */
        jb_key(b, "order");
        jb_str(b, sim_order_name(p->order));
    }
    if (m->mem->cell_index && p->target && p->width) {
        /* the cell of the model's state it touches, if the run has touched it before */
        int cell = m->mem->cell_index(m, p->target);
        if (cell >= 0) {
            jb_key(b, "cell");
            jb_int(b, cell);
        }
    }
    switch (p->kind) {
    case SIM_ACT_CAS:
        jb_key(b, "expected");
        jb_int(b, sign ? sim_signed_value(p->a, p->width) : (int64_t)p->a);
        jb_key(b, "desired");
        jb_int(b, sign ? sim_signed_value(p->b, p->width) : (int64_t)p->b);
        break;
    case SIM_ACT_STORE:
    case SIM_ACT_SWAP:
    case SIM_ACT_FETCH_ADD:
    case SIM_ACT_FETCH_OR:
    case SIM_ACT_FETCH_AND:
        jb_key(b, "arg");
        jb_int(b, sign ? sim_signed_value(p->a, p->width) : (int64_t)p->a);
        break;
    case SIM_ACT_SPIN:
        jb_key(b, "count");
        jb_int(b, (int64_t)p->a);
        break;
    case SIM_ACT_UNPARK:
    case SIM_ACT_RAISE:
    case SIM_ACT_SET_PRIO: {
        const plat_parker *pk = p->target;
        jb_key(b, "target");
        jb_str(b, m->actors[pk->owner].name);
        break;
    }
    default: break;
    }
    if (p->deadline >= 0 &&
        (p->kind == SIM_ACT_SLEEP || p->kind == SIM_ACT_PARK || p->kind == SIM_ACT_BLOCK)) {
        jb_key(b, "deadline");
        jb_int(b, p->deadline);
    }
    if (p->text) {
        jb_key(b, "text");
        jb_str(b, p->text);
    }
    site_json(b, p->site);
    jb_raw(b, "}");
}

/* An actor's kind for people: under a model other than `threads` (the rtos
 * kernel, the async executor) every actor that is not a handler is a task,
 * whatever the scenario called it. */
static const char *actor_kind_name(const sim_machine *m, sim_actor_kind k)
{
    if (k == SIM_ISR)
        return "isr";
    return k == SIM_TASK || m->model != &sim_model_threads ? "task" : "thread";
}

void sim_state_json(sim_machine *m, jbuf *b)
{
    jb_raw(b, "{");
    jb_key(b, "step");
    jb_int(b, (int64_t)m->step);
    jb_key(b, "steps_recorded");
    jb_int(b, (int64_t)m->history_len);
    jb_key(b, "time");
    jb_int(b, m->now);
    jb_key(b, "variant");
    jb_str(b, m->variant);
    jb_key(b, "outcome");
    jb_str(b, sim_outcome_name(m->outcome));
    jb_key(b, "actors");
    jb_raw(b, "[");
    for (int i = 0; i < m->n_actors; i++) {
        const sim_actor *a = &m->actors[i];
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "name");
        jb_str(b, a->name);
        jb_key(b, "kind");
        jb_str(b, actor_kind_name(m, a->kind));
        jb_key(b, "priority");
        jb_int(b, a->eff_prio);
        if (a->base_prio != a->eff_prio) {
            jb_key(b, "base_priority");
            jb_int(b, a->base_prio);
        }
        jb_key(b, "op");
        jb_int(b, a->op);
        jb_key(b, "round");
        jb_int(b, a->round);
        jb_key(b, "status");
        const char *status = a->finished               ? "finished"
                             : a->dormant              ? "dormant"
                             : sim_is_enabled(m, i)    ? "enabled"
                             : m->outcome == SIM_STUCK ? "stuck"
                                                       : "blocked";
        jb_str(b, status);
        jb_key(b, "parker");
        jb_int(b, a->parker.woken);
        if (!a->finished && !a->dormant) {
            jb_key(b, "next");
            action_json(m, &a->pending, b);
            if (!sim_is_enabled(m, i)) {
                /* why, as the command line says it and as data (blocked.h) */
                sim_blocked r;
                char why[400];
                sim_blocked_of(m, i, &r);
                sim_blocked_english(&r, why, sizeof why);
                jb_key(b, "reason");
                jb_str(b, why);
                jb_key(b, "blocked");
                sim_blocked_json(&r, b);
            }
        }
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    jb_key(b, "objects");
    if (m->hooks.describe_objects)
        m->hooks.describe_objects(m, b, m->setup_arg);
    else
        jb_raw(b, "[]");
    jb_key(b, "engines");
    if (m->hooks.describe_engines)
        m->hooks.describe_engines(m, b, m->setup_arg);
    else
        jb_raw(b, "{}");
    if (m->model->state_json) {
        jb_key(b, "sched");
        m->model->state_json(m, b);
    }
    if (m->mem->state_json) {
        jb_key(b, "memory");
        m->mem->state_json(m, b);
    }
    jb_key(b, "stuck");
    sim_stuck_json(m, b);
    jb_key(b, "violation");
    sim_violation_json(m, b);
    jb_key(b, "prints");
    sim_prints_json(m, b);
    jb_raw(b, "}");
}

void sim_stuck_json(sim_machine *m, jbuf *b)
{
    jb_raw(b, "[");
    if (m->outcome == SIM_STUCK) {
        for (int i = 0; i < m->n_actors; i++) {
            const sim_actor *a = &m->actors[i];
            if (a->finished || a->dormant)
                continue;
            char why[400];
            sim_block_reason(m, i, why, sizeof why);
            jb_sep(b);
            jb_raw(b, "{");
            jb_key(b, "actor");
            jb_str(b, a->name);
            jb_key(b, "reason");
            jb_str(b, why);
            jb_key(b, "location");
            jb_printf(b, "\"%s:%d\"", sim_site_file(a->pending.site.file), a->pending.site.line);
            jb_raw(b, "}");
        }
    }
    jb_raw(b, "]");
}

void sim_violation_json(const sim_machine *m, jbuf *b)
{
    if (m->outcome != SIM_VIOLATION && m->outcome != SIM_ERROR) {
        jb_raw(b, "null");
        return;
    }
    jb_raw(b, "{");
    jb_key(b, "kind");
    jb_str(b, m->end_kind);
    jb_key(b, "message");
    jb_str(b, m->end_message);
    thrown_json(m, b);
    jb_key(b, "step");
    jb_int(b, (int64_t)m->end_step);
    if (m->end_actor >= 0) {
        jb_key(b, "actor");
        jb_str(b, m->actors[m->end_actor].name);
    }
    if (m->end_site.file) {
        jb_key(b, "location");
        jb_printf(b, "\"%s:%d\"", sim_site_file(m->end_site.file), m->end_site.line);
    }
    jb_raw(b, "}");
}

void sim_prints_json(const sim_machine *m, jbuf *b)
{
    jb_raw(b, "[");
    for (size_t i = 0; i < m->n_prints; i++) {
        jb_sep(b);
        jb_str(b, m->prints[i]);
    }
    jb_raw(b, "]");
}
