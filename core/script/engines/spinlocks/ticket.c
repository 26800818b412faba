/*
 * Scenario binding of the `ticket_lock` type.  Invariant: the object is the
 * lock followed by the binding's holder; `lock` returns the ticket the actor
 * was served with, so a program can print or assert it.
 */
#include "../../../engines/spinlocks/ticket_lock.h"
#include "binding.h"

typedef struct scripted_ticket {
    ticket_lock l;
    spin_holder h;
} scripted_ticket;
_Static_assert(sizeof(scripted_ticket) <= SPINLOCK_FOOTPRINT,
               "a ticket_lock outgrew its footprint");

static int ticket_setup(void *o, const int64_t *params, char *err, size_t es)
{
    (void)params, (void)err, (void)es;
    ticket_lock_init(&((scripted_ticket *)o)->l);
    return 0;
}

static int64_t ticket_lock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_ticket *s = o;
    uint32_t mine = ticket_lock_acquire(&s->l);
    spin_holder_take(&s->h);
    return mine;
}

static int64_t ticket_unlock_op(void *o, const int64_t *args)
{
    (void)args;
    scripted_ticket *s = o;
    if (spin_holder_may_release(&s->h)) {
        spin_holder_drop(&s->h);
        ticket_lock_release(&s->l);
    }
    return 0;
}

static int64_t ticket_next(const void *o) { return ((const scripted_ticket *)o)->l.next_ticket.v; }
static int64_t ticket_serving(const void *o)
{
    return ((const scripted_ticket *)o)->l.now_serving.v;
}

static const script_op ticket_ops[] = {
    {.name = "lock", .run = ticket_lock_op},
    {.name = "unlock", .run = ticket_unlock_op},
};
static const script_field ticket_fields[] = {
    {.name = "now_serving", .read = ticket_serving},
    {.name = "next_ticket", .read = ticket_next},
};

/* Its cells by the fields that show them (the memory views name them so). */
static const sim_cell_name ticket_cells[] = {
    {offsetof(scripted_ticket, l.now_serving), "now_serving"},
    {offsetof(scripted_ticket, l.next_ticket), "next_ticket"},
};

static void ticket_describe(const void *o, sim_machine *m, jbuf *b)
{
    spin_holder_json(&((const scripted_ticket *)o)->h, m, b);
}

const script_type type_ticket_lock = {
    .name = "ticket_lock",
    .engine = "spinlocks",
    .summary = "a ticket lock: take a number with fetch_add, spin until now_serving shows it",
    .size = sizeof(scripted_ticket),
    .footprint = SPINLOCK_FOOTPRINT,
    .init = ticket_setup,
    .ops = ticket_ops,
    .n_ops = sizeof ticket_ops / sizeof ticket_ops[0],
    .fields = ticket_fields,
    .n_fields = sizeof ticket_fields / sizeof ticket_fields[0],
    SCRIPT_CELLS(ticket_cells),
    .describe = ticket_describe,
};
