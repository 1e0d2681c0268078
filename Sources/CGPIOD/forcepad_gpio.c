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

/* libgpiod has no version macro. v1's gpiod.h defines GPIOD_LINE_BULK_MAX_LINES
 * (the line bulk API); v2 removed line bulks. */
#ifdef GPIOD_LINE_BULK_MAX_LINES
#define FP_GPIOD_API_VERSION 1
#else
#define FP_GPIOD_API_VERSION 2
#endif

struct fp_gpio_output {
#if FP_GPIOD_API_VERSION == 1
    /* v1 lines belong to their chip object: the chip stays open while the line is requested. */
    struct gpiod_chip *chip;
    struct gpiod_line *line;
#else
    /* A v2 request has its own file descriptor and outlives the chip object. */
    struct gpiod_line_request *request;
#endif
    unsigned int offset;
    char chip_path[PATH_MAX];
    char chip_label[GPIO_MAX_NAME_SIZE];
};

/* The kernel's name (gpiochip0) and label (pinctrl-bcm2711) of a chip. */
struct chip_identity {
    char name[GPIO_MAX_NAME_SIZE];
    char label[GPIO_MAX_NAME_SIZE];
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

/* Requests output->offset on chip as an output at value. On success output
 * takes ownership of chip; on failure the caller still owns it. 0, or -errno. */
static int request_output(struct fp_gpio_output *output, struct gpiod_chip *chip,
                          const char *consumer, int value)
{
    struct gpiod_line *line = gpiod_chip_get_line(chip, output->offset);
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

#else

/* Fills identity from an open chip. 0, or -errno. */
static int read_chip_identity(struct gpiod_chip *chip, struct chip_identity *identity)
{
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info)
        return negative_errno();
    copy_text(identity->name, sizeof identity->name, gpiod_chip_info_get_name(info));
    copy_text(identity->label, sizeof identity->label, gpiod_chip_info_get_label(info));
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

/* Requests output->offset on chip as an output at value. On success output
 * takes ownership of chip (closing it: the request no longer needs it); on
 * failure the caller still owns it. 0, or -errno. */
static int request_output(struct fp_gpio_output *output, struct gpiod_chip *chip,
                          const char *consumer, int value)
{
    int result = -ENOMEM;
    struct gpiod_line_settings *settings = gpiod_line_settings_new();
    struct gpiod_line_config *line_config = gpiod_line_config_new();
    struct gpiod_request_config *request_config = gpiod_request_config_new();
    if (!settings || !line_config || !request_config)
        goto free_configs;

    enum gpiod_line_value level = value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    if (gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT) < 0 ||
        gpiod_line_settings_set_output_value(settings, level) < 0 ||
        gpiod_line_config_add_line_settings(line_config, &output->offset, 1, settings) < 0) {
        result = negative_errno();
        goto free_configs;
    }
    gpiod_request_config_set_consumer(request_config, consumer);

    struct gpiod_line_request *request = gpiod_chip_request_lines(chip, request_config, line_config);
    if (!request) {
        result = negative_errno();
        goto free_configs;
    }
    output->request = request;
    gpiod_chip_close(chip);
    result = 0;

free_configs:
    gpiod_request_config_free(request_config);
    gpiod_line_config_free(line_config);
    gpiod_line_settings_free(settings);
    return result;
}

/* Drives the requested line to value (0 or 1). 0, or -errno. */
static int write_value(struct fp_gpio_output *output, int value)
{
    enum gpiod_line_value level = value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_value(output->request, output->offset, level) < 0 ? negative_errno() : 0;
}

/* Releases the request and everything output owns. */
static void release_output(struct fp_gpio_output *output)
{
    gpiod_line_request_release(output->request);
}

#endif

/* Where the search for a line stands: the chip that has it, or why none does. */
struct line_search {
    const char *chip_hint;
    const char *line_name;
    struct gpiod_chip *chip;
    unsigned int offset;
    char chip_path[PATH_MAX];
    struct chip_identity identity;
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
        result = find_line_offset(chip, search->line_name);
        if (result >= 0) {
            search->chip = chip;
            search->offset = (unsigned int)result;
            search->identity = identity;
            copy_text(search->chip_path, sizeof search->chip_path, path);
            return true;
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

/* Fills the out parameters of fp_gpio_output_open for a failure; returns NULL. */
static fp_gpio_output *report_failure(int *error, fp_gpio_open_step *failed_step, int code, fp_gpio_open_step step)
{
    *error = code;
    *failed_step = step;
    return NULL;
}

int fp_gpio_api_version(void)
{
    return FP_GPIOD_API_VERSION;
}

fp_gpio_output *fp_gpio_output_open(const char *chip_hint, const char *line_name,
                                    const char *consumer, int initial_value,
                                    int *error, fp_gpio_open_step *failed_step)
{
    struct line_search search = { .chip_hint = chip_hint, .line_name = line_name };
    if (chip_hint && strchr(chip_hint, '/'))
        search_chip(&search, chip_hint, true);
    else
        search_all_chips(&search);

    if (!search.chip) {
        if (search.first_error)
            return report_failure(error, failed_step, search.first_error, FP_GPIO_OPEN_STEP_CHIP);
        if (!search.hint_matched && chip_hint)
            return report_failure(error, failed_step, -ENOENT, FP_GPIO_OPEN_STEP_CHIP);
        return report_failure(error, failed_step, -ENOENT, FP_GPIO_OPEN_STEP_LINE);
    }

    struct fp_gpio_output *output = calloc(1, sizeof *output);
    if (!output) {
        gpiod_chip_close(search.chip);
        return report_failure(error, failed_step, -ENOMEM, FP_GPIO_OPEN_STEP_REQUEST);
    }
    output->offset = search.offset;
    copy_text(output->chip_path, sizeof output->chip_path, search.chip_path);
    copy_text(output->chip_label, sizeof output->chip_label, search.identity.label);

    int result = request_output(output, search.chip, consumer, initial_value ? 1 : 0);
    if (result < 0) {
        gpiod_chip_close(search.chip);
        free(output);
        return report_failure(error, failed_step, result, FP_GPIO_OPEN_STEP_REQUEST);
    }
    *error = 0;
    *failed_step = FP_GPIO_OPEN_STEP_NONE;
    return output;
}

int fp_gpio_output_set_value(fp_gpio_output *output, int value)
{
    return write_value(output, value ? 1 : 0);
}

const char *fp_gpio_output_chip_path(const fp_gpio_output *output)
{
    return output->chip_path;
}

const char *fp_gpio_output_chip_label(const fp_gpio_output *output)
{
    return output->chip_label;
}

unsigned int fp_gpio_output_line_offset(const fp_gpio_output *output)
{
    return output->offset;
}

void fp_gpio_output_close(fp_gpio_output *output)
{
    release_output(output);
    free(output);
}
