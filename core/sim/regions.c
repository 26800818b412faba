/*
 * Regions: the memory the machine can name (objects, engine globals,
 * parkers), where each sits in the virtual address space, and engines'
 * process-wide state.
 *
 * Invariant: virtual addresses depend only on the world, never on the host:
 * objects get the next free place in their range (address_map.h), globals
 * the k-th window of theirs in the order a run makes them, parkers their
 * actor's slot; regions never overlap, so every address names one cell.
 */
#include "address_map.h"
#include "machine_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int sim_add_region(sim_machine *m, const char *name, void *base, size_t size, uint64_t vaddr,
                   size_t elem_size)
{
    if (m->n_regions >= SIM_MAX_REGIONS) {
        sim_fail(m, "too many objects (at most %d)", SIM_MAX_REGIONS);
        return -1;
    }
    if (vaddr == 0) /* the next free place for an object (address_map.h) */
        vaddr = m->next_vaddr;
    for (int r = 0; r < m->n_regions; r++) {
        const sim_region *o = &m->regions[r];
        if (vaddr < o->vaddr + o->size && o->vaddr < vaddr + size) {
            sim_fail(m, "object '%s' at address 0x%llx overlaps '%s' (0x%llx, %zu bytes)", name,
                     (unsigned long long)vaddr, o->name, (unsigned long long)o->vaddr, o->size);
            return -1;
        }
    }
    sim_region *r = &m->regions[m->n_regions];
    sim_copy_name(r->name, sizeof r->name, name);
    r->base = base;
    r->size = size;
    r->vaddr = vaddr;
    r->elem_size = elem_size;
    r->signed_cells = 0;
    r->cell_names = NULL;
    r->n_cell_names = 0;
    /* Only objects move the next free place: globals and parkers have their
     * own ranges, so they cannot shift an object's address. */
    uint64_t end = (vaddr + size + SIM_OBJECTS_ALIGN - 1) & ~(uint64_t)(SIM_OBJECTS_ALIGN - 1);
    if (vaddr < SIM_OBJECTS_END && end > m->next_vaddr)
        m->next_vaddr = end;
    return m->n_regions++;
}

void sim_region_set_signed(sim_machine *m, int region, uint64_t cells)
{
    if (region >= 0 && region < m->n_regions)
        m->regions[region].signed_cells = cells;
}

void sim_region_name_cells(sim_machine *m, int region, const sim_cell_name *names, size_t n)
{
    if (region >= 0 && region < m->n_regions) {
        m->regions[region].cell_names = names;
        m->regions[region].n_cell_names = names ? n : 0;
    }
}

const char *sim_cell_field(const sim_machine *m, const void *p)
{
    int r = sim_region_of((sim_machine *)m, p, NULL);
    if (r < 0)
        return NULL;
    const sim_region *g = &m->regions[r];
    size_t at = (size_t)((const unsigned char *)p - g->base);
    if (g->elem_size)
        at %= g->elem_size;
    for (size_t k = 0; k < g->n_cell_names; k++)
        if (g->cell_names[k].offset == at)
            return g->cell_names[k].field;
    return NULL;
}

bool sim_cell_signed(const sim_machine *m, const void *p)
{
    int r = sim_region_of(m, p, NULL);
    if (r < 0)
        return false;
    const sim_region *g = &m->regions[r];
    size_t at = (size_t)((const unsigned char *)p - g->base);
    if (g->elem_size)
        at %= g->elem_size;
    return at < 64 && (g->signed_cells >> at & 1);
}

int64_t sim_signed_value(uint64_t raw, unsigned width)
{
    if (width == 0 || width >= 8)
        return (int64_t)raw;
    unsigned shift = 64 - 8 * width; /* the cell's top bit fills the rest */
    return (int64_t)(raw << shift) >> shift;
}

int64_t sim_cell_value(const sim_machine *m, const void *p, unsigned width, uint64_t raw)
{
    return sim_cell_signed(m, p) ? sim_signed_value(raw, width) : (int64_t)raw;
}

int sim_region_of(const sim_machine *m, const void *p, int *elem)
{
    const unsigned char *c = p;
    int hint = m->region_hint; /* most steps touch the object the last one did */
    if (hint < m->n_regions && c >= m->regions[hint].base &&
        c < m->regions[hint].base + m->regions[hint].size && !m->regions[hint].elem_size) {
        if (elem)
            *elem = 0;
        return hint;
    }
    for (int r = 0; r < m->n_regions; r++) {
        const sim_region *g = &m->regions[r];
        if (c >= g->base && c < g->base + g->size) {
            if (elem)
                *elem = g->elem_size ? (int)((size_t)(c - g->base) / g->elem_size) : 0;
            ((sim_machine *)m)->region_hint = r;
            return r;
        }
    }
    if (elem)
        *elem = 0;
    return -1;
}

uint64_t sim_vaddr(const sim_machine *m, const void *p)
{
    int r = sim_region_of(m, p, NULL);
    if (r < 0)
        return 0;
    return m->regions[r].vaddr + (uint64_t)((const unsigned char *)p - m->regions[r].base);
}

const char *sim_region_name(const sim_machine *m, int r)
{
    return r >= 0 && r < m->n_regions ? m->regions[r].name : "?";
}

void *sim_global(sim_machine *m, plat_global *g)
{
    struct sim_global_slot *slot = NULL;
    for (int i = 0; i < m->n_globals; i++)
        if (m->globals[i].desc == g)
            slot = &m->globals[i];
    if (!slot) {
        if (m->n_globals == (int)(sizeof m->globals / sizeof m->globals[0])) {
            sim_end_error(m, "too many engine globals");
            return NULL;
        }
        slot = &m->globals[m->n_globals++];
        slot->desc = g;
        slot->data = malloc(g->size);
        slot->live = false;
        if (!slot->data) {
            m->n_globals--;
            sim_end_error(m, "out of memory for an engine global");
            return NULL;
        }
    }
    if (!slot->live) {
        /* The k-th global this run makes gets the k-th window of the globals'
         * range (address_map.h): neither its own size nor any other global's
         * can move an address. */
        int k = 0;
        for (int i = 0; i < m->n_globals; i++)
            k += m->globals[i].live;
        if (g->size > SIM_GLOBAL_SPAN) {
            sim_end_error(m, "an engine global is larger than its address window");
            return NULL;
        }
        memset(slot->data, 0, g->size);
        if (sim_add_region(m, g->name, slot->data, g->size,
                           SIM_GLOBALS_START + (uint64_t)k * SIM_GLOBAL_SPAN, g->elem_size) < 0) {
            char why[sizeof m->last_error];
            snprintf(why, sizeof why, "%s", m->last_error);
            sim_end_error(m, why);
            return NULL;
        }
        g->init(slot->data);
        slot->live = true;
    }
    return slot->data;
}

void *sim_global_peek(const sim_machine *m, const plat_global *g)
{
    for (int i = 0; i < m->n_globals; i++)
        if (m->globals[i].desc == g && m->globals[i].live)
            return m->globals[i].data;
    return NULL;
}

void *sim_global_nth(const sim_machine *m, int k)
{
    return k >= 0 && k < m->n_globals && m->globals[k].live ? m->globals[k].data : NULL;
}

void sim_object_name(const sim_machine *m, const void *p, char *buf, size_t size)
{
    int elem, r = p ? sim_region_of(m, p, &elem) : -1;
    if (r < 0)
        snprintf(buf, size, "-");
    else if (m->regions[r].elem_size)
        snprintf(buf, size, "%s[%d]", m->regions[r].name, elem);
    else
        snprintf(buf, size, "%s", m->regions[r].name);
}

plat_parker *sim_parker_of(sim_machine *m, int i) { return &m->actors[i].parker; }
