/* select and with_timeout (see select.h). */
#include "select.h"

static void embassy_drop(embassy_future *f)
{
    if (f->drop)
        f->drop(f);
}

static embassy_poll embassy_select_poll(embassy_future *f)
{
    embassy_select *s = (embassy_select *)f;
    if (s->first->poll(s->first) == EMBASSY_READY) {
        s->winner = 1;
        embassy_drop(s->second);
        return EMBASSY_READY;
    }
    if (s->second->poll(s->second) == EMBASSY_READY) {
        s->winner = 2;
        embassy_drop(s->first);
        return EMBASSY_READY;
    }
    return EMBASSY_PENDING;
}

static void embassy_select_drop(embassy_future *f)
{
    embassy_select *s = (embassy_select *)f;
    embassy_drop(s->first);
    embassy_drop(s->second);
}

void embassy_select_init(embassy_select *s, embassy_future *first, embassy_future *second)
{
    *s = (embassy_select){
        .future = {embassy_select_poll, embassy_select_drop}, .first = first, .second = second};
}

bool embassy_with_timeout(embassy_future *f, int64_t us, uint32_t *polls)
{
    embassy_timer t;
    embassy_timer_after(&t, us);
    embassy_select s;
    embassy_select_init(&s, f, &t.future);
    uint32_t n = embassy_await(&s.future);
    if (polls)
        *polls = n;
    return s.winner == 1;
}
