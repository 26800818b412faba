/*
 * The one table of choice kinds (choice.h): what each is called, how it is
 * said, how a schedule writes it, whether it names an actor.
 *
 * Invariant: the schedule's readable and compact forms, the trace, the wasm
 * API and the catalog all read a kind's words and codes from here, so a new
 * kind (a flush, a reads-from, a store's place) is one row; a row's forms are never changed
 * once schedules have been written with them.
 */
#include "choice.h"

#include <string.h>

static const sim_choice_kind_info kinds[SIM_CHOICE_KINDS] = {
    [SIM_CHOICE_STEP] = {"step", "an actor performs its next action", NULL, 0, 0, -1, true, 1,
                         false},
    [SIM_CHOICE_IRQ] = {"irq", "the environment raises an interrupt handler", NULL, '!', 2, -1,
                        true, 2, false},
    [SIM_CHOICE_TICK] = {"tick", "the tick falls", "tick", 0, 3, 0, false, 2, false},
    [SIM_CHOICE_DROP] = {"drop", "a task's pending future is dropped", NULL, '~', 3, 1, true, 2,
                         false},
    [SIM_CHOICE_READ_FROM] = {"read_from", "a load reads an older store than the newest", NULL, '<',
                              3, 3, true, 3, true},
    [SIM_CHOICE_FLUSH] = {"flush", "the oldest store in an actor's store buffer reaches memory",
                          NULL, '^', 3, 2, true, 3, false},
    [SIM_CHOICE_PLACE] = {"place",
                          "a store takes an earlier place in its cell's modification order than "
                          "the end",
                          NULL, '>', 3, 4, true, 3, true},
};

const sim_choice_kind_info *sim_choice_kind_of(unsigned kind)
{
    return kind < SIM_CHOICE_KINDS ? &kinds[kind] : NULL;
}

const char *sim_choice_kind_name(unsigned kind)
{
    return kind < SIM_CHOICE_KINDS ? kinds[kind].name : "?";
}

int sim_choice_kind_from_name(const char *name)
{
    for (int k = 0; k < SIM_CHOICE_KINDS; k++)
        if (strcmp(kinds[k].name, name) == 0)
            return k;
    return -1;
}

bool sim_choice_word_taken(const char *name)
{
    for (int k = 0; k < SIM_CHOICE_KINDS; k++)
        if (kinds[k].word && strcmp(kinds[k].word, name) == 0)
            return true;
    return false;
}
