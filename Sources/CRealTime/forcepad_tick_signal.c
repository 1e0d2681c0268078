#include "forcepad_tick_signal.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdatomic.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define WORD(signal) ((_Atomic uint32_t *)&(signal)->word)
#define WAITERS(signal) ((_Atomic uint32_t *)&(signal)->waiters)

void fp_tick_signal_wake(fp_tick_signal *signal) {
    atomic_fetch_add_explicit(WORD(signal), 1, memory_order_release);
    syscall(SYS_futex, &signal->word, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

void fp_tick_signal_enter(fp_tick_signal *signal) {
    atomic_fetch_add_explicit(WAITERS(signal), 1, memory_order_seq_cst);
}

void fp_tick_signal_leave(fp_tick_signal *signal) {
    atomic_fetch_sub_explicit(WAITERS(signal), 1, memory_order_release);
}

uint32_t fp_tick_signal_word(const fp_tick_signal *signal) {
    return atomic_load_explicit((_Atomic uint32_t *)&signal->word, memory_order_acquire);
}

int fp_tick_signal_wait(fp_tick_signal *signal, uint32_t seen, int64_t timeout_ns) {
    if (timeout_ns <= 0) return -ETIMEDOUT;
    struct timespec timeout = {.tv_sec = timeout_ns / 1000000000, .tv_nsec = timeout_ns % 1000000000};
    long result = syscall(SYS_futex, &signal->word, FUTEX_WAIT_PRIVATE, seen, &timeout, NULL, 0);
    return result == 0 ? 0 : -errno;
}
