#define _GNU_SOURCE
#include "forcepad_realtime.h"

#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

int fp_rt_set_fifo(pthread_t thread, int priority) {
    struct sched_param param = { .sched_priority = priority };
    int result = pthread_setschedparam(thread, SCHED_FIFO, &param);
    return result == 0 ? 0 : -result;
}

int fp_rt_set_idle(pthread_t thread) {
    struct sched_param param = { .sched_priority = 0 };
    int result = pthread_setschedparam(thread, SCHED_IDLE, &param);
    return result == 0 ? 0 : -result;
}

int fp_rt_pin_to_cpu(pthread_t thread, int cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -EINVAL;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    int result = pthread_setaffinity_np(thread, sizeof set, &set);
    return result == 0 ? 0 : -result;
}

int fp_rt_lock_memory(void) {
    /* MCL_ONFAULT: pages are locked as they are first touched, so the large parts of the
     * libraries the loop never touches (ICU's data, for one) are not made resident. */
    return mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT) == 0 ? 0 : -errno;
}

int fp_rt_allowed_cpu_count(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -errno;
    return CPU_COUNT(&set);
}

int fp_rt_allowed_cpus(int *cpus, int capacity) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0) return -errno;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++) {
        if (CPU_ISSET(cpu, &set)) cpus[count++] = cpu;
    }
    return count;
}

int fp_rt_policy(pthread_t thread, int *priority) {
    struct sched_param param;
    int policy;
    int result = pthread_getschedparam(thread, &policy, &param);
    if (result != 0) return -result;
    *priority = param.sched_priority;
    return policy;
}

int fp_rt_set_name(pthread_t thread, const char *name) {
    char truncated[16];
    snprintf(truncated, sizeof truncated, "%s", name);
    int result = pthread_setname_np(thread, truncated);
    return result == 0 ? 0 : -result;
}

int fp_rt_hypervisor_signature(char signature[13]) {
    memset(signature, 0, 13);
#if defined(__x86_64__) || defined(__i386__)
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 31))) return 0;
    __cpuid(0x40000000, a, b, c, d);
    memcpy(signature, &b, 4);
    memcpy(signature + 4, &c, 4);
    memcpy(signature + 8, &d, 4);
    return 1;
#else
    return 0;
#endif
}
