/*
 * Which mutexes each actor of a parking_lot scenario holds, for `wait cv`.
 *
 * `wait cv` names no mutex: it waits with the mutex the actor locked last and
 * still holds (as Rust's `cv.wait(&mut guard)` takes the guard of the lock it
 * holds).  A scenario with a condvar keeps, per machine, each actor's held
 * mutexes in the binding's global "held" (made only by a condvar, so the
 * scenarios without one keep their addresses).
 */
#include "binding.h"

#include <string.h>

int mutex_me(void) { return sim_current_actor(sim_running()); }

const lot *lot_if_made(const sim_machine *m) { return sim_global_peek(m, &lot_global); }

#define HELD_DEPTH 8 /* mutexes one actor may hold at once, for `wait` to find */

typedef struct mutex_held {
    scripted_mutex *by[SIM_MAX_ACTORS][HELD_DEPTH]; /* oldest first, NULL after the last */
} mutex_held;

static void mutex_held_init(void *data) { (void)data; }

plat_global mutex_held_global = {
    .name = "held",
    .size = sizeof(mutex_held),
    .init = mutex_held_init,
};

static mutex_held *mutex_held_table(void)
{
    return sim_global_peek(sim_running(), &mutex_held_global);
}

void mutex_held_push(scripted_mutex *s)
{
    mutex_held *h = mutex_held_table();
    if (!h)
        return;
    scripted_mutex **mine = h->by[mutex_me()];
    for (int i = 0; i < HELD_DEPTH; i++) {
        if (!mine[i]) {
            mine[i] = s;
            return;
        }
    }
    memmove(mine, mine + 1, (HELD_DEPTH - 1) * sizeof *mine); /* forget the oldest */
    mine[HELD_DEPTH - 1] = s;
}

void mutex_held_drop(scripted_mutex *s)
{
    mutex_held *h = mutex_held_table();
    if (!h)
        return;
    scripted_mutex **mine = h->by[mutex_me()];
    for (int i = HELD_DEPTH - 1; i >= 0; i--) {
        if (mine[i] == s) {
            memmove(mine + i, mine + i + 1, (size_t)(HELD_DEPTH - 1 - i) * sizeof *mine);
            mine[HELD_DEPTH - 1] = NULL;
            return;
        }
    }
}

/* The mutex the calling actor locked last and still holds, or NULL. */
scripted_mutex *mutex_held_last(void)
{
    mutex_held *h = mutex_held_table();
    if (!h)
        return NULL;
    scripted_mutex **mine = h->by[mutex_me()];
    for (int i = HELD_DEPTH - 1; i >= 0; i--)
        if (mine[i])
            return mine[i];
    return NULL;
}
