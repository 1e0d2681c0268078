/*
 * Thin C over libgpiod for the ForcePad HAL: one GPIO line requested as an
 * output (the haptic actuator) and one as an input reporting edges with kernel
 * timestamps (the feedback wire), each found by name or by chip and offset.
 * The same API compiles against libgpiod v1 (1.6.x: Debian 12, Raspberry Pi OS
 * bookworm) and v2 (2.x: Debian 13, Raspberry Pi OS trixie), chosen at compile
 * time from the gpiod.h found.
 *
 * Values are electrical levels: 0 is low, 1 is high. Lines are requested
 * without libgpiod's active-low flag.
 */
#pragma once

/** A GPIO line requested as an output, owned by the caller until fp_gpio_output_close. */
typedef struct fp_gpio_output fp_gpio_output;

/** A GPIO line requested as an input with edge events, owned by the caller until fp_gpio_input_close. */
typedef struct fp_gpio_input fp_gpio_input;

/** Where a requested line is; valid while its output or input is open. */
typedef struct fp_gpio_line_info fp_gpio_line_info;

/** One edge seen on an input line. */
typedef struct fp_gpio_edge {
    /** 1 for a rising edge (low to high), 0 for a falling one. */
    int rising;
    /**
     * When the kernel saw the edge, in ns of CLOCK_MONOTONIC (libgpiod v2 asks
     * for that clock; the v1 uAPI uses it on kernels 5.7 and later).
     */
    long long timestamp_ns;
} fp_gpio_edge;

/* Swift imports a closed enum as a Swift enum; other compilers see a plain enum. */
#define FP_GPIO_CLOSED_ENUM
#ifdef __has_attribute
#if __has_attribute(enum_extensibility)
#undef FP_GPIO_CLOSED_ENUM
#define FP_GPIO_CLOSED_ENUM __attribute__((enum_extensibility(closed)))
#endif
#endif

/** The step of opening a line that failed, to tell a missing chip from a missing line. */
typedef enum FP_GPIO_CLOSED_ENUM fp_gpio_open_step {
    /** Nothing failed. */
    FP_GPIO_OPEN_STEP_NONE = 0,
    /**
     * Finding or opening a chip: the hinted chip does not exist (-ENOENT), a chip
     * could not be opened, or an offset was given without a chip (-EINVAL).
     */
    FP_GPIO_OPEN_STEP_CHIP = 1,
    /** No chip searched has a line with the name, or the chip has no line at the offset (-ENOENT). */
    FP_GPIO_OPEN_STEP_LINE = 2,
    /** The line was found but the kernel refused to give it out (-EBUSY: another consumer holds it). */
    FP_GPIO_OPEN_STEP_REQUEST = 3,
} fp_gpio_open_step;

/**
 * The libgpiod API this file was compiled against.
 * @return 1 (libgpiod 1.x) or 2 (libgpiod 2.x).
 */
int fp_gpio_api_version(void);

/** The path of the line's chip, e.g. "/dev/gpiochip0". */
const char *fp_gpio_line_info_chip_path(const fp_gpio_line_info *info);

/** The kernel label of the line's chip, e.g. "pinctrl-bcm2711". */
const char *fp_gpio_line_info_chip_label(const fp_gpio_line_info *info);

/** The line's name as the kernel knows it, e.g. "GPIO18"; empty when the line has none. */
const char *fp_gpio_line_info_name(const fp_gpio_line_info *info);

/** The line's offset on its chip. */
unsigned int fp_gpio_line_info_offset(const fp_gpio_line_info *info);

/**
 * Finds a line and requests it as an output driven to `initial_value`.
 *
 * @param chip_hint NULL to search every /dev/gpiochip* in version order and
 *        take the first chip with the line; a path (anything containing '/',
 *        e.g. "/dev/gpiochip0") to use that chip only; otherwise a chip name
 *        ("gpiochip0") or label ("pinctrl-bcm2711") to search matching chips only.
 *        Required when the line is given by offset.
 * @param line_name the line's name as the kernel knows it, e.g. "GPIO18"; NULL
 *        to take the line at `line_offset` on the hinted chip.
 * @param line_offset the line's offset on its chip; used only when `line_name` is NULL.
 * @param consumer the label the kernel shows for the line's user, e.g. "forcepad".
 * @param initial_value 0 (low) or 1 (high), driven from the moment of the request.
 * @param error set to 0 on success, else to -errno: -ENOENT when the chip or
 *        the line is not found, the kernel's code otherwise (-EBUSY, -EACCES, ...).
 * @param failed_step set to the step that failed, FP_GPIO_OPEN_STEP_NONE on success.
 * @return the requested output, or NULL on failure.
 */
fp_gpio_output *fp_gpio_output_open(const char *chip_hint, const char *line_name, unsigned int line_offset,
                                    const char *consumer, int initial_value,
                                    int *error, fp_gpio_open_step *failed_step);

/**
 * Drives the line: one kernel call per edge.
 * @param value 0 (low) or 1 (high).
 * @return 0, or -errno.
 */
int fp_gpio_output_set_value(fp_gpio_output *output, int value);

/**
 * Drives the line back to the value it was requested with (`initial_value`, the
 * actuator off), for a fatal-signal handler: one kernel call (libgpiod's set-value
 * is an ioctl on the request's descriptor with its arguments on the stack), nothing
 * allocated, no lock taken, errors ignored. `output` is an fp_gpio_output.
 */
void fp_gpio_output_drive_initial(void *output);

/** Where the output line is. Valid until fp_gpio_output_close. */
const fp_gpio_line_info *fp_gpio_output_info(const fp_gpio_output *output);

/**
 * Releases the line and closes its chip, without setting a value first (the
 * caller drives the actuator off beforehand). The kernel keeps driving the
 * last value or returns the line to its default, depending on the driver.
 */
void fp_gpio_output_close(fp_gpio_output *output);

/**
 * Finds a line (as fp_gpio_output_open does) and requests it as an input that
 * reports rising and falling edges, time-stamped by the kernel.
 * @return the requested input, or NULL on failure (`error`, `failed_step` as for outputs).
 */
fp_gpio_input *fp_gpio_input_open(const char *chip_hint, const char *line_name, unsigned int line_offset,
                                  const char *consumer, int *error, fp_gpio_open_step *failed_step);

/**
 * Waits until an edge is waiting to be read, at most `timeout_ns` ns.
 * @return 1 when an edge is waiting, 0 on timeout (or when a signal interrupted
 *         the wait), or -errno.
 */
int fp_gpio_input_wait(fp_gpio_input *input, long long timeout_ns);

/**
 * Takes the oldest waiting edge; blocks until one comes if none is waiting.
 * @return 0 with `edge` filled, or -errno.
 */
int fp_gpio_input_read(fp_gpio_input *input, fp_gpio_edge *edge);

/** Where the input line is. Valid until fp_gpio_input_close. */
const fp_gpio_line_info *fp_gpio_input_info(const fp_gpio_input *input);

/** Releases the line and closes its chip. */
void fp_gpio_input_close(fp_gpio_input *input);
