#define _GNU_SOURCE /* versionsort */

#include "forcepad_gpio.h"

#include <dirent.h>
#include <errno.h>
#include <gpiod.h>
#include <limits.h>
#include <linux/gpio.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* libgpiod has no version macro. v1's gpiod.h defines GPIOD_LINE_BULK_MAX_LINES
 * (the line bulk API); v2 removed line bulks. */
#ifdef GPIOD_LINE_BULK_MAX_LINES
#define FP_GPIOD_API_VERSION 1
#else
#define FP_GPIOD_API_VERSION 2
#endif

#define NANOS_PER_SECOND 1000000000LL

/* Where a requested line is: its chip and its place on it. */
struct fp_gpio_line_info {
    unsigned int offset;
    char chip_path[PATH_MAX];
    char chip_label[GPIO_MAX_NAME_SIZE];
    char line_name[GPIO_MAX_NAME_SIZE];
};

struct fp_gpio_output {
    struct fp_gpio_line_info info;
    /* The value the line was requested with (0 or 1): the actuator off. */
    int initial_value;
#if FP_GPIOD_API_VERSION == 1
    /* v1 lines belong to their chip object: the chip stays open while the line is requested. */
    struct gpiod_chip *chip;
    struct gpiod_line *line;
#else
    /* A v2 request has its own file descriptor and outlives the chip object. */
    struct gpiod_line_request *request;
#endif
};

struct fp_gpio_input {
    struct fp_gpio_line_info info;
#if FP_GPIOD_API_VERSION == 1
    struct gpiod_chip *chip;
    struct gpiod_line *line;
#else
    struct gpiod_line_request *request;
    /* Room for the one event fp_gpio_input_read takes at a time. */
    struct gpiod_edge_event_buffer *events;
#endif
};

/* The kernel's name (gpiochip0) and label (pinctrl-bcm2711) of a chip, and its line count. */
struct chip_identity {
    char name[GPIO_MAX_NAME_SIZE];
    char label[GPIO_MAX_NAME_SIZE];
    unsigned int line_count;
};

/* errno as a negative code, for a libgpiod call that reported failure; -EIO if
 * the call left errno unset. */
static int negative_errno(void)
{
    return errno > 0 ? -errno : -EIO;
}

/* Copies source (NULL counts as empty) into destination, truncating to size. */
static void copy_text(char *destination, size_t size, const char *source)
{
    snprintf(destination, size, "%s", source ? source : "");
}

#if FP_GPIOD_API_VERSION == 1

/* Fills identity from an open chip. 0, or -errno. */
static int read_chip_identity(struct gpiod_chip *chip, struct chip_identity *identity)
{
    copy_text(identity->name, sizeof identity->name, gpiod_chip_name(chip));
    copy_text(identity->label, sizeof identity->label, gpiod_chip_label(chip));
    identity->line_count = gpiod_chip_num_lines(chip);
    return 0;
}

/* Offset of the first line called line_name on chip (>= 0), -ENOENT when the
 * chip has no such line, or another -errno. */
static int find_line_offset(struct gpiod_chip *chip, const char *line_name)
{
    errno = 0;
    struct gpiod_line *line = gpiod_chip_find_line(chip, line_name);
    if (!line)
        return errno > 0 ? -errno : -ENOENT;
    return (int)gpiod_line_offset(line);
}

/* Copies the kernel's name of line offset on chip into name (empty when unnamed). 0, or -errno. */
static int read_line_name(struct gpiod_chip *chip, unsigned int offset, char *name, size_t size)
{
    struct gpiod_line *line = gpiod_chip_get_line(chip, offset);
    if (!line)
        return negative_errno();
    copy_text(name, size, gpiod_line_name(line));
    return 0;
}

/* Requests output->info.offset on chip as an output at value. On success output
 * takes ownership of chip; on failure the caller still owns it. 0, or -errno. */
static int request_output(struct fp_gpio_output *output, struct gpiod_chip *chip,
                          const char *consumer, int value)
{
    struct gpiod_line *line = gpiod_chip_get_line(chip, output->info.offset);
    if (!line)
        return negative_errno();
    if (gpiod_line_request_output(line, consumer, value) < 0)
        return negative_errno();
    output->chip = chip;
    output->line = line;
    return 0;
}

/* Drives the requested line to value (0 or 1). 0, or -errno. */
static int write_value(struct fp_gpio_output *output, int value)
{
    return gpiod_line_set_value(output->line, value) < 0 ? negative_errno() : 0;
}

/* Releases the request and everything output owns. */
static void release_output(struct fp_gpio_output *output)
{
    gpiod_line_release(output->line);
    gpiod_chip_close(output->chip);
}

/* Requests input->info.offset on chip as an input reporting both edges. On
 * success input takes ownership of chip; on failure the caller still owns it.
 * 0, or -errno. */
static int request_edges(struct fp_gpio_input *input, struct gpiod_chip *chip, const char *consumer)
{
    struct gpiod_line *line = gpiod_chip_get_line(chip, input->info.offset);
    if (!line)
        return negative_errno();
    if (gpiod_line_request_both_edges_events(line, consumer) < 0)
        return negative_errno();
    input->chip = chip;
    input->line = line;
    return 0;
}

/* 1 when an edge is waiting, 0 after timeout_ns without one, or -errno. */
static int wait_edge(struct fp_gpio_input *input, long long timeout_ns)
{
    struct timespec timeout = { .tv_sec = timeout_ns / NANOS_PER_SECOND, .tv_nsec = timeout_ns % NANOS_PER_SECOND };
    int result = gpiod_line_event_wait(input->line, &timeout);
    return result < 0 ? negative_errno() : result;
}

/* Takes the oldest waiting edge. The v1 uAPI stamps it with CLOCK_MONOTONIC on
 * kernels 5.7 and later. 0, or -errno. */
static int read_edge(struct fp_gpio_input *input, fp_gpio_edge *edge)
{
    struct gpiod_line_event event;
    if (gpiod_line_event_read(input->line, &event) < 0)
        return negative_errno();
    edge->rising = event.event_type == GPIOD_LINE_EVENT_RISING_EDGE;
    edge->timestamp_ns = (long long)event.ts.tv_sec * NANOS_PER_SECOND + event.ts.tv_nsec;
    return 0;
}

/* Releases the request and everything input owns. */
static void release_input(struct fp_gpio_input *input)
{
    gpiod_line_release(input->line);
    gpiod_chip_close(input->chip);
}

#else

/* Fills identity from an open chip. 0, or -errno. */
static int read_chip_identity(struct gpiod_chip *chip, struct chip_identity *identity)
{
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info)
        return negative_errno();
    copy_text(identity->name, sizeof identity->name, gpiod_chip_info_get_name(info));
    copy_text(identity->label, sizeof identity->label, gpiod_chip_info_get_label(info));
    identity->line_count = (unsigned int)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
    return 0;
}

/* Offset of the first line called line_name on chip (>= 0), -ENOENT when the
 * chip has no such line, or another -errno. */
static int find_line_offset(struct gpiod_chip *chip, const char *line_name)
{
    errno = 0;
    int offset = gpiod_chip_get_line_offset_from_name(chip, line_name);
    if (offset < 0)
        return errno > 0 ? -errno : -ENOENT;
    return offset;
}

/* Copies the kernel's name of line offset on chip into name (empty when unnamed). 0, or -errno. */
static int read_line_name(struct gpiod_chip *chip, unsigned int offset, char *name, size_t size)
{
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip, offset);
    if (!info)
        return negative_errno();
    copy_text(name, size, gpiod_line_info_get_name(info));
    gpiod_line_info_free(info);
    return 0;
}

/* Requests offset on chip with settings under consumer; NULL with errno set on failure. */
static struct gpiod_line_request *request_line(struct gpiod_chip *chip, unsigned int offset,
                                               struct gpiod_line_settings *settings, const char *consumer)
{
    struct gpiod_line_request *request = NULL;
    struct gpiod_line_config *line_config = gpiod_line_config_new();
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    if (!line_config || !request_config) {
        errno = ENOMEM;
        goto free_configs;
    }
    if (gpiod_line_config_add_line_settings(line_config, &offset, 1, settings) < 0)
        goto free_configs;
    gpiod_request_config_set_consumer(request_config, consumer);
    request = gpiod_chip_request_lines(chip, request_config, line_config);

free_configs:
    gpiod_request_config_free(request_config);
    gpiod_line_config_free(line_config);
    return request;
}

/* Requests output->info.offset on chip as an output at value. On success output
 * takes ownership of chip (closing it: the request no longer needs it); on
 * failure the caller still owns it. 0, or -errno. */
static int request_output(struct fp_gpio_output *output, struct gpiod_chip *chip,
                          const char *consumer, int value)
{
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    if (!settings)
        return -ENOMEM;
    enum gpiod_line_value level = value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    struct gpiod_line_request *request = NULL;
    if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) == 0 &&
        gpiod_line_settings_set_output_value(settings, level) == 0)
        request = request_line(chip, output->info.offset, settings, consumer);
    int result = request ? 0 : negative_errno();
    gpiod_line_settings_free(settings);
    if (!request)
        return result;
    output->request = request;
    gpiod_chip_close(chip);
    return 0;
}

/* Drives the requested line to value (0 or 1). 0, or -errno. */
static int write_value(struct fp_gpio_output *output, int value)
{
    enum gpiod_line_value level = value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_value(output->request, output->info.offset, level) < 0 ? negative_errno() : 0;
}

/* Releases the request and everything output owns. */
static void release_output(struct fp_gpio_output *output)
{
    gpiod_line_request_release(output->request);
}

/* Requests input->info.offset on chip as an input reporting both edges, stamped
 * with CLOCK_MONOTONIC. On success input takes ownership of chip (closing it);
 * on failure the caller still owns it. 0, or -errno. */
static int request_edges(struct fp_gpio_input *input, struct gpiod_chip *chip, const char *consumer)
{
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_edge_event_buffer *events = gpiod_edge_event_buffer_new(1);
    int result = -ENOMEM;
    if (!settings || !events)
        goto fail;
    struct gpiod_line_request *request = NULL;
    if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT) == 0 &&
        gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH) == 0 &&
        gpiod_line_settings_set_event_clock(settings, GPIOD_LINE_CLOCK_MONOTONIC) == 0)
        request = request_line(chip, input->info.offset, settings, consumer);
    if (!request) {
        result = negative_errno();
        goto fail;
    }
    gpiod_line_settings_free(settings);
    input->request = request;
    input->events = events;
    gpiod_chip_close(chip);
    return 0;

fail:
    gpiod_edge_event_buffer_free(events);
    gpiod_line_settings_free(settings);
    return result;
}

/* 1 when an edge is waiting, 0 after timeout_ns without one, or -errno. */
static int wait_edge(struct fp_gpio_input *input, long long timeout_ns)
{
    int result = gpiod_line_request_wait_edge_events(input->request, timeout_ns);
    return result < 0 ? negative_errno() : result;
}

/* Takes the oldest waiting edge. 0, or -errno (-EAGAIN when none was waiting). */
static int read_edge(struct fp_gpio_input *input, fp_gpio_edge *edge)
{
    int count = gpiod_line_request_read_edge_events(input->request, input->events, 1);
    if (count < 0)
        return negative_errno();
    if (count == 0)
        return -EAGAIN;
    struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(input->events, 0);
    edge->rising = gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE;
    edge->timestamp_ns = (long long)gpiod_edge_event_get_timestamp_ns(event);
    return 0;
}

/* Releases the request and everything input owns. */
static void release_input(struct fp_gpio_input *input)
{
    gpiod_line_request_release(input->request);
    gpiod_edge_event_buffer_free(input->events);
}

#endif

/* Where the search for a line stands: the chip that has it, or why none does. */
struct line_search {
    const char *chip_hint;
    /* The line's name, or NULL to take line_offset. */
    const char *line_name;
    unsigned int line_offset;
    struct gpiod_chip *chip;
    struct fp_gpio_line_info info;
    /* A chip matched the hint (always true without a hint once a chip opened). */
    bool hint_matched;
    /* The first error other than "no such line" met on the way, or 0. */
    int first_error;
};

/* Whether a chip answers to the hint by kernel name or label; any chip does without a hint. */
static bool matches_hint(const struct chip_identity *identity, const char *chip_hint)
{
    return !chip_hint || strcmp(identity->name, chip_hint) == 0 || strcmp(identity->label, chip_hint) == 0;
}

/* The offset of the searched line on chip (>= 0), -ENOENT when the chip has no
 * such line (name) or too few lines (offset), or another -errno. */
static int locate_line(const struct line_search *search, struct gpiod_chip *chip,
                       const struct chip_identity *identity)
{
    if (search->line_name)
        return find_line_offset(chip, search->line_name);
    return search->line_offset < identity->line_count ? (int)search->line_offset : -ENOENT;
}

/* Opens the chip at path and looks for the line on it. Returns true and keeps
 * the chip open in search when found; otherwise closes it and records why. */
static bool search_chip(struct line_search *search, const char *path, bool path_is_hint)
{
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) {
        if (!search->first_error)
            search->first_error = negative_errno();
        return false;
    }
    struct chip_identity identity;
    int result = read_chip_identity(chip, &identity);
    if (result == 0 && (path_is_hint || matches_hint(&identity, search->chip_hint))) {
        search->hint_matched = true;
        result = locate_line(search, chip, &identity);
        if (result >= 0) {
            unsigned int offset = (unsigned int)result;
            result = read_line_name(chip, offset, search->info.line_name, sizeof search->info.line_name);
            if (result == 0) {
                search->chip = chip;
                search->info.offset = offset;
                copy_text(search->info.chip_label, sizeof search->info.chip_label, identity.label);
                copy_text(search->info.chip_path, sizeof search->info.chip_path, path);
                return true;
            }
        }
    }
    if (result < 0 && result != -ENOENT && !search->first_error)
        search->first_error = result;
    gpiod_chip_close(chip);
    return false;
}

/* scandir filter: /dev entries named gpiochip*. */
static int is_gpiochip_entry(const struct dirent *entry)
{
    return strncmp(entry->d_name, "gpiochip", strlen("gpiochip")) == 0;
}

/* Searches every /dev/gpiochip* in version order (gpiochip2 before gpiochip10). */
static void search_all_chips(struct line_search *search)
{
    struct dirent **entries = NULL;
    int count = scandir("/dev", &entries, is_gpiochip_entry, versionsort);
    if (count < 0) {
        search->first_error = negative_errno();
        return;
    }
    bool found = false;
    for (int index = 0; index < count; index++) {
        if (!found) {
            char path[PATH_MAX];
            snprintf(path, sizeof path, "/dev/%s", entries[index]->d_name);
            found = search_chip(search, path, false);
        }
        free(entries[index]);
    }
    free(entries);
}

/* Sets the out parameters for a failure. */
static void report_failure(int *error, fp_gpio_open_step *failed_step, int code, fp_gpio_open_step step)
{
    *error = code;
    *failed_step = step;
}

/* Finds the line: on the chip at chip_hint when it is a path, else on every
 * chip (matching chip_hint by name or label when given). Returns the chip that
 * has it, open and owned by the caller, with search->info filled; NULL after
 * reporting why not. */
static struct gpiod_chip *find_line(struct line_search *search, int *error, fp_gpio_open_step *failed_step)
{
    const char *chip_hint = search->chip_hint;
    if (!search->line_name && !chip_hint) {
        report_failure(error, failed_step, -EINVAL, FP_GPIO_OPEN_STEP_CHIP);
        return NULL;
    }
    if (chip_hint && strchr(chip_hint, '/'))
        search_chip(search, chip_hint, true);
    else
        search_all_chips(search);

    if (search->chip)
        return search->chip;
    if (search->first_error)
        report_failure(error, failed_step, search->first_error, FP_GPIO_OPEN_STEP_CHIP);
    else if (!search->hint_matched && chip_hint)
        report_failure(error, failed_step, -ENOENT, FP_GPIO_OPEN_STEP_CHIP);
    else
        report_failure(error, failed_step, -ENOENT, FP_GPIO_OPEN_STEP_LINE);
    return NULL;
}

int fp_gpio_api_version(void)
{
    return FP_GPIOD_API_VERSION;
}

const char *fp_gpio_line_info_chip_path(const fp_gpio_line_info *info)
{
    return info->chip_path;
}

const char *fp_gpio_line_info_chip_label(const fp_gpio_line_info *info)
{
    return info->chip_label;
}

const char *fp_gpio_line_info_name(const fp_gpio_line_info *info)
{
    return info->line_name;
}

unsigned int fp_gpio_line_info_offset(const fp_gpio_line_info *info)
{
    return info->offset;
}

fp_gpio_output *fp_gpio_output_open(const char *chip_hint, const char *line_name, unsigned int line_offset,
                                    const char *consumer, int initial_value,
                                    int *error, fp_gpio_open_step *failed_step)
{
    struct line_search search = { .chip_hint = chip_hint, .line_name = line_name, .line_offset = line_offset };
    struct gpiod_chip *chip = find_line(&search, error, failed_step);
    if (!chip)
        return NULL;

    struct fp_gpio_output *output = calloc(1, sizeof *output);
    if (!output) {
        gpiod_chip_close(chip);
        report_failure(error, failed_step, -ENOMEM, FP_GPIO_OPEN_STEP_REQUEST);
        return NULL;
    }
    output->info = search.info;
    output->initial_value = initial_value ? 1 : 0;
    int result = request_output(output, chip, consumer, output->initial_value);
    if (result < 0) {
        gpiod_chip_close(chip);
        free(output);
        report_failure(error, failed_step, result, FP_GPIO_OPEN_STEP_REQUEST);
        return NULL;
    }
    report_failure(error, failed_step, 0, FP_GPIO_OPEN_STEP_NONE);
    return output;
}

int fp_gpio_output_set_value(fp_gpio_output *output, int value)
{
    return write_value(output, value ? 1 : 0);
}

void fp_gpio_output_drive_initial(void *output)
{
    struct fp_gpio_output *line = output;
    write_value(line, line->initial_value);
}

const fp_gpio_line_info *fp_gpio_output_info(const fp_gpio_output *output)
{
    return &output->info;
}

void fp_gpio_output_close(fp_gpio_output *output)
{
    release_output(output);
    free(output);
}

fp_gpio_input *fp_gpio_input_open(const char *chip_hint, const char *line_name, unsigned int line_offset,
                                  const char *consumer, int *error, fp_gpio_open_step *failed_step)
{
    struct line_search search = { .chip_hint = chip_hint, .line_name = line_name, .line_offset = line_offset };
    struct gpiod_chip *chip = find_line(&search, error, failed_step);
    if (!chip)
        return NULL;

    struct fp_gpio_input *input = calloc(1, sizeof *input);
    if (!input) {
        gpiod_chip_close(chip);
        report_failure(error, failed_step, -ENOMEM, FP_GPIO_OPEN_STEP_REQUEST);
        return NULL;
    }
    input->info = search.info;
    int result = request_edges(input, chip, consumer);
    if (result < 0) {
        gpiod_chip_close(chip);
        free(input);
        report_failure(error, failed_step, result, FP_GPIO_OPEN_STEP_REQUEST);
        return NULL;
    }
    report_failure(error, failed_step, 0, FP_GPIO_OPEN_STEP_NONE);
    return input;
}

int fp_gpio_input_wait(fp_gpio_input *input, long long timeout_ns)
{
    int result = wait_edge(input, timeout_ns < 0 ? 0 : timeout_ns);
    return result == -EINTR ? 0 : result;
}

int fp_gpio_input_read(fp_gpio_input *input, fp_gpio_edge *edge)
{
    return read_edge(input, edge);
}

const fp_gpio_line_info *fp_gpio_input_info(const fp_gpio_input *input)
{
    return &input->info;
}

void fp_gpio_input_close(fp_gpio_input *input)
{
    release_input(input);
    free(input);
}
