/*
 * Thin C over libgpiod for the ForcePad HAL: one GPIO line requested as an
 * output, found by name. The same API compiles against libgpiod v1 (1.6.x:
 * Debian 12, Raspberry Pi OS bookworm) and v2 (2.x: Debian 13, Raspberry Pi
 * OS trixie), chosen at compile time from the gpiod.h found.
 *
 * Values are electrical levels: 0 drives the line low, 1 drives it high. The
 * line is requested without libgpiod's active-low flag.
 */
#pragma once

/** A GPIO line requested as an output, owned by the caller until fp_gpio_output_close. */
typedef struct fp_gpio_output fp_gpio_output;

/* Swift imports a closed enum as a Swift enum; other compilers see a plain enum. */
#define FP_GPIO_CLOSED_ENUM
#ifdef __has_attribute
#if __has_attribute(enum_extensibility)
#undef FP_GPIO_CLOSED_ENUM
#define FP_GPIO_CLOSED_ENUM __attribute__((enum_extensibility(closed)))
#endif
#endif

/** The step of fp_gpio_output_open that failed, to tell a missing chip from a missing line. */
typedef enum FP_GPIO_CLOSED_ENUM fp_gpio_open_step {
    /** Nothing failed. */
    FP_GPIO_OPEN_STEP_NONE = 0,
    /** Finding or opening a chip: the hinted chip does not exist (-ENOENT) or a chip could not be opened. */
    FP_GPIO_OPEN_STEP_CHIP = 1,
    /** No chip searched has a line with the name (-ENOENT). */
    FP_GPIO_OPEN_STEP_LINE = 2,
    /** The line was found but the kernel refused to give it out (-EBUSY: another consumer holds it). */
    FP_GPIO_OPEN_STEP_REQUEST = 3,
} fp_gpio_open_step;

/**
 * The libgpiod API this file was compiled against.
 * @return 1 (libgpiod 1.x) or 2 (libgpiod 2.x).
 */
int fp_gpio_api_version(void);

/**
 * Finds a line by name and requests it as an output driven to `initial_value`.
 *
 * @param chip_hint NULL to search every /dev/gpiochip* in version order and
 *        take the first chip with the line; a path (anything containing '/',
 *        e.g. "/dev/gpiochip0") to use that chip only; otherwise a chip name
 *        ("gpiochip0") or label ("pinctrl-bcm2711") to search matching chips only.
 * @param line_name the line's name as the kernel knows it, e.g. "GPIO18".
 * @param consumer the label the kernel shows for the line's user, e.g. "forcepad".
 * @param initial_value 0 (low) or 1 (high), driven from the moment of the request.
 * @param error set to 0 on success, else to -errno: -ENOENT when the chip or
 *        the line is not found, the kernel's code otherwise (-EBUSY, -EACCES, ...).
 * @param failed_step set to the step that failed, FP_GPIO_OPEN_STEP_NONE on success.
 * @return the requested output, or NULL on failure.
 */
fp_gpio_output *fp_gpio_output_open(const char *chip_hint, const char *line_name,
                                    const char *consumer, int initial_value,
                                    int *error, fp_gpio_open_step *failed_step);

/**
 * Drives the line: one kernel call per edge.
 * @param value 0 (low) or 1 (high).
 * @return 0, or -errno.
 */
int fp_gpio_output_set_value(fp_gpio_output *output, int value);

/**
 * The path of the chip the line was found on, e.g. "/dev/gpiochip0". Valid
 * until fp_gpio_output_close.
 */
const char *fp_gpio_output_chip_path(const fp_gpio_output *output);

/**
 * The kernel label of the chip the line was found on, e.g. "pinctrl-bcm2711".
 * Valid until fp_gpio_output_close.
 */
const char *fp_gpio_output_chip_label(const fp_gpio_output *output);

/** The line's offset on its chip. */
unsigned int fp_gpio_output_line_offset(const fp_gpio_output *output);

/**
 * Releases the line and closes its chip, without setting a value first (the
 * caller drives the actuator off beforehand). The kernel keeps driving the
 * last value or returns the line to its default, depending on the driver.
 */
void fp_gpio_output_close(fp_gpio_output *output);
