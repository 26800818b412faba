/*
 * bcsamples: well-formed scenario programs (see bcsamples.h).
 */
#include "bcsamples.h"

#include <stdio.h>

static const char *const actor_names[] = {"A", "B", "C", "D", "E", "F", "G", "H"};

bc_bytes sample_counter(int n_actors, int times, int atomic)
{
    bc_prog p;
    bc_init(&p);
    int c = bc_object(&p, "counter", atomic ? "atomic_counter" : "counter", 0, 0, NULL);
    bc_code body, code;
    bc_code_init(&body);
    bc_call(&p, &body, c, "increment", 0, NULL);
    bc_code_init(&code);
    bc_repeat(&code, (uint32_t)times, &body);
    for (int i = 0; i < n_actors && i < 8; i++)
        bc_actor(&p, actor_names[i], 0, 0, &code);
    static char text[40];
    snprintf(text, sizeof text, "counter == %d", n_actors * times);
    bc_final(&p, bc_field(&p, c, "value"), CMP_EQ, bc_literal(n_actors * times), text);
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&body);
    bc_bytes_free(&code);
    bc_free(&p);
    return out;
}

bc_bytes sample_mutex(int n_actors, int rounds)
{
    bc_prog p;
    bc_init(&p);
    int m = bc_object(&p, "m", "mini_mutex", 0, 0, NULL);
    bc_code body, code;
    bc_code_init(&body);
    bc_call(&p, &body, m, "lock", 0, NULL);
    bc_call(&p, &body, m, "unlock", 0, NULL);
    bc_code_init(&code);
    bc_repeat(&code, (uint32_t)rounds, &body);
    for (int i = 0; i < n_actors && i < 4; i++)
        bc_actor(&p, actor_names[i], 0, 0, &code);
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&body);
    bc_bytes_free(&code);
    bc_free(&p);
    return out;
}

bc_bytes sample_everything(void)
{
    bc_prog p;
    bc_init(&p);
    int64_t five = 5;
    int racy = bc_object(&p, "racy", "counter", 0, 1, &five);
    int safe = bc_object(&p, "safe", "atomic_counter", 0x40000, 0, NULL);

    /* A: repeat 2 { repeat 2 { racy.increment } ; safe.increment } ;
     *    racy.get ; assert result >= 5 ; print */
    bc_code inner, outer, a;
    bc_code_init(&inner);
    bc_call(&p, &inner, racy, "increment", 0, NULL);
    bc_code_init(&outer);
    bc_repeat(&outer, 2, &inner);
    bc_call(&p, &outer, safe, "increment", 0, NULL);
    bc_code_init(&a);
    bc_repeat(&a, 2, &outer);
    bc_call(&p, &a, racy, "get", 0, NULL);
    bc_assert(&p, &a, bc_result(), CMP_GE, bc_literal(5), "result >= 5");
    bc_print(&p, &a, "A is done");
    bc_actor(&p, "A", 0, 0, &a);

    /* B (a task, priority 3): cs_enter ; work 2 ; cs_exit ; sleep 100 ;
     *    safe.increment ; assert safe.value != 0 */
    bc_code b;
    bc_code_init(&b);
    bc_cs_enter(&b);
    bc_work(&b, 2);
    bc_cs_exit(&b);
    bc_sleep(&b, 100);
    bc_call(&p, &b, safe, "increment", 0, NULL);
    bc_assert(&p, &b, bc_field(&p, safe, "value"), CMP_NE, bc_literal(0), "safe.value != 0");
    bc_actor(&p, "B", 1, 3, &b);

    /* I (an isr, priority -2): sleep 50 ; print */
    bc_code i;
    bc_code_init(&i);
    bc_sleep(&i, 50);
    bc_print(&p, &i, "tick");
    bc_actor(&p, "I", 2, -2, &i);

    bc_final(&p, bc_field(&p, safe, "value"), CMP_EQ, bc_literal(3), "safe == 3");
    bc_final(&p, bc_field(&p, racy, "value"), CMP_LE, bc_literal(9), "racy <= 9");
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&inner);
    bc_bytes_free(&outer);
    bc_bytes_free(&a);
    bc_bytes_free(&b);
    bc_bytes_free(&i);
    bc_free(&p);
    return out;
}

bc_bytes sample_no_objects(void)
{
    bc_prog p;
    bc_init(&p);
    bc_code a, b;
    bc_code_init(&a);
    bc_print(&p, &a, "hello");
    bc_sleep(&a, 10);
    bc_work(&a, 3);
    bc_code_init(&b);
    bc_work(&b, 1);
    bc_print(&p, &b, "world");
    bc_actor(&p, "A", 0, 0, &a);
    bc_actor(&p, "B", 0, 0, &b);
    bc_bytes out = bc_finish(&p);
    bc_bytes_free(&a);
    bc_bytes_free(&b);
    bc_free(&p);
    return out;
}
