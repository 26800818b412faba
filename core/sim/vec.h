/*
 * One growable array: the trace, the timeline, the random values drawn, the
 * explorer's stack, a schedule's entries and the JSON writer's text all grow
 * through here.
 *
 * Invariant: capacity only grows, by doubling from a first size the caller
 * picks, so n pushes cost O(n) copies in all; when memory is short nothing
 * changes (the old array and its capacity stay valid) and the caller decides
 * what that means for it.
 */
#ifndef LOCKSTEP_VEC_H
#define LOCKSTEP_VEC_H

#include <stdint.h>
#include <stdlib.h>

/* Make room for `need` elements of `elem` bytes in `items` (NULL when nothing
 * is allocated yet), whose capacity is *cap elements.  Returns the array to
 * use from now on, with *cap updated, or NULL when memory is short or the
 * size would overflow; then `items` and *cap are untouched. */
static inline void *sim_vec_grow(void *items, size_t *cap, size_t need, size_t elem, size_t first)
{
    if (need <= *cap)
        return items;
    size_t n = *cap ? *cap : (first ? first : 1);
    while (n < need) {
        if (n > SIZE_MAX / 2)
            return NULL;
        n *= 2;
    }
    if (elem && n > SIZE_MAX / elem)
        return NULL;
    void *grown = realloc(items, n * elem);
    if (!grown)
        return NULL;
    *cap = n;
    return grown;
}

#endif
