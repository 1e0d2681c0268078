/*
 * Thin C over the scheduling calls the real-time loop needs and Swift's Glibc module
 * does not show in a usable form (cpu_set_t and its CPU_* macros).
 *
 * Every function returns 0 on success or a negative errno on failure
 * (-EPERM: not permitted; -EINVAL: bad priority or CPU).
 */
#pragma once

#include <pthread.h>

/** Puts `thread` under SCHED_FIFO at `priority` (1 to 99). */
int fp_rt_set_fifo(pthread_t thread, int priority);

/** Puts `thread` under SCHED_IDLE: it runs only when nothing else on its CPU wants to
 *  (needs no privilege). */
int fp_rt_set_idle(pthread_t thread);

/** Keeps `thread` on CPU number `cpu` only. */
int fp_rt_pin_to_cpu(pthread_t thread, int cpu);

/** Locks the process's pages in memory as they are touched, now and in future mappings
 *  (mlockall with MCL_ONFAULT): once resident, a page is never paged out. */
int fp_rt_lock_memory(void);

/** Number of CPUs the process may run on, or a negative errno. */
int fp_rt_allowed_cpu_count(void);

/** Writes the numbers of the CPUs the calling thread may run on, ascending, to `cpus` (at most
 *  `capacity` of them) and returns how many it wrote, or a negative errno. */
int fp_rt_allowed_cpus(int *cpus, int capacity);

/** The scheduling policy `thread` runs under (SCHED_OTHER, SCHED_FIFO, ...), or a negative errno; its priority goes to *priority. */
int fp_rt_policy(pthread_t thread, int *priority);

/** Names `thread` as ps -L and top -H show it (the first 15 bytes of `name`). */
int fp_rt_set_name(pthread_t thread, const char *name);

/** On x86, when CPUID says a hypervisor runs this CPU: writes the hypervisor's 12-byte
 *  signature from leaf 0x40000000 (`KVMKVMKVM`, `Microsoft Hv`, `VMwareVMware`, ...;
 *  NUL-terminated) to `signature` and returns 1. Returns 0 with an empty signature on bare
 *  metal and on other architectures. */
int fp_rt_hypervisor_signature(char signature[13]);
