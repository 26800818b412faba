/*
 * parking_lot.pml: the parking_lot mutex protocol of core/engines/parking_lot
 * (mini_mutex.c, lot.c, spin_wait.c; variant correct) by hand in Promela, for
 * SPIN to check side by side with the explorer (bench/explore/run.mjs).
 * Simpler than the C: the lot is one bucket (a lock and a FIFO of parked
 * threads), spin rounds are counted but take no time.
 *
 * The state byte: LOCKED (1), PARKED (2).  lock: CAS 00 -> 01, else the slow
 * path: grab when free (barging), spin up to SPIN_ROUNDS re-reading while
 * nobody is parked, set PARKED, park if the state is still 11 (validated under
 * the bucket lock), start over when woken.  unlock: CAS 01 -> 00, else under
 * the bucket lock wake the first parked thread and write 10 if others remain
 * parked, else 00.  Checked: mutual exclusion (an assertion in the critical
 * section) and no stuck state (invalid end states: a parked thread nobody wakes).
 *
 * Compile with -DN=threads -DROUNDS=rounds, and -DSPIN_ROUNDS=10 for the C's
 * full SpinWait (the bench uses 3: with 10 the 3x2 model takes minutes).
 */
#ifndef N
#define N 2
#endif
#ifndef ROUNDS
#define ROUNDS 2
#endif
#define LOCKED 1
#define PARKED 2
#ifndef SPIN_ROUNDS
#define SPIN_ROUNDS 3 /* the C spins 3 rounds, then yields 7: both only re-read here (see run.mjs) */
#endif

byte state = 0;
bit bucket = 0;
byte queue[N];
byte qlen = 0;
bit awake[N];
byte in_cs = 0;

inline bucket_lock() { atomic { bucket == 0 -> bucket = 1 } }

proctype thread(byte id)
{
    byte r = 0, s, spins, i;
    do
    :: r == ROUNDS -> break
    :: r < ROUNDS ->
        /* lock: the fast path */
        atomic { if :: state == 0 -> state = LOCKED; goto locked :: else -> skip fi }
        spins = 0;
        s = state;
slow:
        if
        :: (s & LOCKED) == 0 ->
            atomic { if :: state == s -> state = s | LOCKED; goto locked :: else -> s = state fi };
            goto slow
        :: else -> skip
        fi;
        if
        :: (s & PARKED) == 0 && spins < SPIN_ROUNDS -> spins++; s = state; goto slow
        :: else -> skip
        fi;
        if
        :: (s & PARKED) == 0 ->
            atomic { if :: state == s -> state = s | PARKED :: else -> s = state; goto slow fi }
        :: else -> skip
        fi;
        /* park, if still locked and announced */
        bucket_lock();
        if
        :: state == (LOCKED | PARKED) ->
            queue[qlen] = id; qlen++; awake[id] = 0;
            bucket = 0;
            awake[id] == 1 /* sleeps until unparked */
        :: else -> bucket = 0
        fi;
        spins = 0;
        s = state;
        goto slow;
locked:
        in_cs++;
        assert(in_cs == 1);
        in_cs--;
        /* unlock: the fast path */
        atomic { if :: state == LOCKED -> state = 0; goto unlocked :: else -> skip fi }
        bucket_lock();
        if
        :: qlen > 0 ->
            awake[queue[0]] = 1;
            i = 0;
            do
            :: i + 1 < qlen -> queue[i] = queue[i + 1]; i++
            :: else -> break
            od;
            qlen--;
            if :: qlen > 0 -> state = PARKED :: else -> state = 0 fi
        :: else -> state = 0
        fi;
        bucket = 0;
unlocked:
        r++
    od
}

init
{
    byte k = 0;
    atomic {
        do
        :: k < N -> run thread(k); k++
        :: else -> break
        od
    }
}
