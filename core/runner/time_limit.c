/*
 * The command line's time limit of a search (see time_limit.h).
 */
#include "time_limit.h"

#include "pool.h"

#include <stdio.h>

time_limit time_limit_from_now(double seconds)
{
    return (time_limit){seconds, seconds > 0 ? pool_now() + seconds : 0};
}

bool time_limit_passed(const time_limit *t, char *reason, size_t size)
{
    if (!t || t->seconds <= 0 || pool_now() < t->deadline)
        return false;
    /* (as the option was written: "0.5", "30"; --max-seconds takes at most three decimals) */
    char shown[32];
    int n = snprintf(shown, sizeof shown, "%.3f", t->seconds);
    while (n > 0 && shown[n - 1] == '0')
        shown[--n] = 0;
    if (n > 0 && shown[n - 1] == '.')
        shown[--n] = 0;
    snprintf(reason, size, "stopped at the time limit of %s s", shown);
    return true;
}

void time_limit_run(explorer *e, const time_limit *t)
{
    /* (runs between two looks at the clock: without a limit, as many as
     * suit the progress callback; with one, few) */
    uint64_t slice = t && t->seconds > 0 ? 8 : 1000;
    char why[80];
    while (!explore_run(e, slice))
        if (time_limit_passed(t, why, sizeof why))
            explore_stop(e, why);
}
