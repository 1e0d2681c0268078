/*
 * A QEMU TCG plugin that counts the guest instructions a program executes under qemu-user,
 * for `make bench`'s rows of the arm64 package's build (Sources/ForcePadBench/QEMUInstructionCount.swift).
 *
 * Every translation block gets a record (its guest address and its number of instructions)
 * when it is translated, and a callback that adds one to the record's executions each time
 * the block runs. Instructions executed = sum over the records of instructions x executions;
 * exact for code that runs whole blocks, as compiled code does between calls and branches
 * (a block left early by a fault would be counted whole: the benchmark's programs fault never).
 *
 * Arguments: out=PATH (required) is the file written when the program exits:
 *   instructions N            the total, first line
 *   block 0xADDRESS I E       with blocks=on: each translated block, its instructions I and
 *                             executions E (the same address may appear more than once if
 *                             it was translated again; add them up)
 *
 * Built by the benchmark against qemu-plugin.h from Debian's source of the installed qemu:
 *   gcc -O2 -shared -fPIC -I QEMU_SOURCE/include/qemu -o qemu-instruction-count.so qemu-instruction-count.c
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* One translated block: where it starts, how many instructions, how often it ran. */
struct block {
    uint64_t address;
    uint64_t instructions;
    uint64_t executions;
    struct block *next;
};

static struct block *blocks;
static pthread_mutex_t blocks_lock = PTHREAD_MUTEX_INITIALIZER;
static char *output_path;
static int list_blocks;

static void block_executed(unsigned int vcpu, void *record)
{
    (void)vcpu;
    __atomic_fetch_add(&((struct block *)record)->executions, 1, __ATOMIC_RELAXED);
}

static void block_translated(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    struct block *record = calloc(1, sizeof *record);
    if (record == NULL) abort();
    record->address = qemu_plugin_tb_vaddr(tb);
    record->instructions = qemu_plugin_tb_n_insns(tb);
    pthread_mutex_lock(&blocks_lock);
    record->next = blocks;
    blocks = record;
    pthread_mutex_unlock(&blocks_lock);
    qemu_plugin_register_vcpu_tb_exec_cb(tb, block_executed, QEMU_PLUGIN_CB_NO_REGS, record);
}

static void program_exited(qemu_plugin_id_t id, void *unused)
{
    (void)id;
    (void)unused;
    uint64_t total = 0;
    for (struct block *record = blocks; record != NULL; record = record->next) {
        total += record->instructions * __atomic_load_n(&record->executions, __ATOMIC_RELAXED);
    }
    FILE *file = fopen(output_path, "w");
    if (file == NULL) {
        perror(output_path);
        return;
    }
    fprintf(file, "instructions %" PRIu64 "\n", total);
    for (struct block *record = blocks; list_blocks && record != NULL; record = record->next) {
        if (record->executions > 0) {
            fprintf(file, "block 0x%" PRIx64 " %" PRIu64 " %" PRIu64 "\n", record->address, record->instructions,
                    record->executions);
        }
    }
    fclose(file);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    (void)info;
    for (int index = 0; index < argc; index++) {
        if (strncmp(argv[index], "out=", 4) == 0) {
            output_path = strdup(argv[index] + 4);
        } else if (strcmp(argv[index], "blocks=on") == 0) {
            list_blocks = 1;
        } else {
            fprintf(stderr, "qemu-instruction-count: unknown argument %s (out=PATH, blocks=on)\n", argv[index]);
            return -1;
        }
    }
    if (output_path == NULL) {
        fprintf(stderr, "qemu-instruction-count: out=PATH is required\n");
        return -1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, block_translated);
    qemu_plugin_register_atexit_cb(id, program_exited, NULL);
    return 0;
}
