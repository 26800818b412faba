/*
 * The MCS queue lock (see mcs_lock.h).
 *
 * Invariant: the nodes from the holder to `tail`, following `next`, are the
 * waiters in arrival order; each one but the holder has locked == 1 until its
 * predecessor clears it, and only the predecessor does.  A node may be in
 * `tail` before its predecessor's `next` points to it (between the swap and
 * the link): a releaser that finds no `next` but cannot swing `tail` back to
 * none knows a successor is on its way, and must wait for the link.  Under
 * `mcs_no_link_wait` it leaves instead; the successor then spins on its own
 * flag forever, and every later arrival queues behind it.
 */
#include "mcs_lock.h"

void mcs_lock_init(mcs_lock *l)
{
    plat_init32(&l->tail, MCS_NONE);
    l->variant = spin_variant_now();
    for (unsigned i = 0; i < MCS_MAX_NODES; i++) {
        plat_init32(&l->nodes[i].locked, 0);
        plat_init32(&l->nodes[i].next, MCS_NONE);
    }
}

static mcs_node *mcs_node_of(mcs_lock *l, uint32_t id) { return &l->nodes[id - 1]; }

void mcs_lock_acquire(mcs_lock *l, unsigned me)
{
    uint32_t my_id = me + 1;
    mcs_node *mine = mcs_node_of(l, my_id);
    /* Prepare the node before anybody can see it. */
    plat_store32(&mine->next, MCS_NONE, PLAT_RELAXED, AT("my node: next = none"));
    plat_store32(&mine->locked, 1, PLAT_RELAXED, AT("my node: locked = 1"));
    /* Join the queue: one swap makes my node the tail and says who was
     * last before me. */
    uint32_t pred = plat_swap32(&l->tail, my_id, PLAT_ACQ_REL, AT("join: swap tail <- my node"));
    if (pred == MCS_NONE)
        return; /* nobody was queued: the lock is mine */
    /* Tell the predecessor who comes next, so it can hand the lock over. */
    plat_store32(&mcs_node_of(l, pred)->next, my_id, PLAT_RELEASE,
                 AT("link: predecessor's next = my node"));
    /* Spin on my own node: only my predecessor writes it. */
    while (plat_load32(&mine->locked, PLAT_ACQUIRE, AT("spin on my node: locked?")) == 1)
        plat_spin_hint(AT("spin: still locked"));
}

void mcs_lock_release(mcs_lock *l, unsigned me)
{
    uint32_t my_id = me + 1;
    mcs_node *mine = mcs_node_of(l, my_id);
    uint32_t succ = plat_load32(&mine->next, PLAT_ACQUIRE, AT("unlock: read my next"));
    if (succ == MCS_NONE) {
        /* Nobody linked behind me.  If I am still the tail, the queue is
         * empty and the lock becomes free. */
        uint32_t expected = my_id;
        if (plat_cas32(&l->tail, &expected, MCS_NONE, PLAT_RELEASE,
                       AT("no successor: CAS tail my node -> none")))
            return;
        /* Somebody swapped itself into tail but has not linked yet. */
        if (l->variant == SPIN_MCS_NO_LINK_WAIT) {
            plat_note(AT("leave without waiting for the link"), expected);
            return;
        }
        while ((succ = plat_load32(&mine->next, PLAT_ACQUIRE,
                                   AT("wait for the successor to link"))) == MCS_NONE)
            plat_spin_hint(AT("spin: successor not linked yet"));
    }
    /* Hand the lock over: the successor stops spinning on its own node. */
    plat_store32(&mcs_node_of(l, succ)->locked, 0, PLAT_RELEASE,
                 AT("hand over: successor's locked = 0"));
}
