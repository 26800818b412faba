# What the build knows about engine `embassy` (see mk/engines.mk).
embassy_SOURCES := task.h task.c waker.h waker.c multi_waker.h multi_waker.c raw_mutex.h timer.h timer.c select.h select.c \
                   signal.h signal.c mutex.h mutex.c rwlock.h rwlock.c greedy_semaphore.h greedy_semaphore.c \
                   fair_semaphore.h fair_semaphore.c once_lock.h once_lock.c watch.h watch.c pubsub.h pubsub.c \
                   pipe.h pipe.c
# the suites that test it natively, on real threads (run by make test-engine-embassy)
embassy_NATIVE_SUITES := c-embassy-native
