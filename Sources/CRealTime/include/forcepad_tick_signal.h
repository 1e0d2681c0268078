/*
 * A futex word the control loop bumps, and wakes, only while someone waits on it:
 * the kernel half of ForcePadHAL's LoopWait.
 */
#pragma once

#include <stdint.h>

/** The word and its waiters; zero-initialised, never moved once shared. */
typedef struct {
    _Alignas(4) uint32_t word;
    uint32_t waiters;
} fp_tick_signal;

/** Bumps the word and wakes every thread sleeping on it (one futex syscall). */
void fp_tick_signal_wake(fp_tick_signal *signal);

/** Loop side, once a period: when a waiter is registered (one relaxed load otherwise),
 *  bumps the word and wakes every thread sleeping on it. No lock, no allocation; a
 *  syscall only while someone waits. Inline, so the loop's period pays the load alone,
 *  not a call into this library as well. */
static inline void fp_tick_signal_notify(fp_tick_signal *signal) {
    if (__atomic_load_n(&signal->waiters, __ATOMIC_RELAXED) == 0) return;
    fp_tick_signal_wake(signal);
}

/** Waiter side: registers a waiter (the loop then wakes on every period). */
void fp_tick_signal_enter(fp_tick_signal *signal);

/** Waiter side: deregisters a waiter. */
void fp_tick_signal_leave(fp_tick_signal *signal);

/** The word's value now (acquire), to pass to fp_tick_signal_wait after checking the condition. */
uint32_t fp_tick_signal_word(const fp_tick_signal *signal);

/** Sleeps until the word differs from `seen`, a wake, a signal or `timeout_ns` passed
 *  (FUTEX_WAIT_PRIVATE with a relative CLOCK_MONOTONIC timeout). Returns 0 or a negative errno. */
int fp_tick_signal_wait(fp_tick_signal *signal, uint32_t seen, int64_t timeout_ns);
