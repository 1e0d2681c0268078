/*
 * Thin C over i2c-dev and libi2c (SMBus transfers) for the ForcePad HAL.
 *
 * Every function that can fail returns a value >= 0 on success or a negative
 * errno (-ENOENT, -ENXIO, ...) on failure. Addresses are 7-bit (0x00-0x7F);
 * register and command bytes are the device's own.
 */
#pragma once

#include <linux/i2c.h>
#include <stdint.h>

/* Adapter functionality bits (from I2C_FUNCS) the drivers check before use.
 * Swift does not import the kernel's combined macros, so each bit is a plain
 * constant here. */

/** SMBus "receive byte": one byte read with no register (ADS7830, PCF8591). */
static const unsigned long FP_I2C_FUNC_SMBUS_READ_BYTE = I2C_FUNC_SMBUS_READ_BYTE;
/** SMBus "send byte": one byte written with no register (command bytes). */
static const unsigned long FP_I2C_FUNC_SMBUS_WRITE_BYTE = I2C_FUNC_SMBUS_WRITE_BYTE;
/** SMBus "read byte data": one byte read from a register. */
static const unsigned long FP_I2C_FUNC_SMBUS_READ_BYTE_DATA = I2C_FUNC_SMBUS_READ_BYTE_DATA;
/** SMBus "write byte data": one byte written to a register. */
static const unsigned long FP_I2C_FUNC_SMBUS_WRITE_BYTE_DATA = I2C_FUNC_SMBUS_WRITE_BYTE_DATA;
/** SMBus "read word data": two bytes read from a register, low byte first. */
static const unsigned long FP_I2C_FUNC_SMBUS_READ_WORD_DATA = I2C_FUNC_SMBUS_READ_WORD_DATA;
/** SMBus "write word data": two bytes written to a register, low byte first. */
static const unsigned long FP_I2C_FUNC_SMBUS_WRITE_WORD_DATA = I2C_FUNC_SMBUS_WRITE_WORD_DATA;
/** I2C block read through SMBus: up to 32 bytes read from a register. */
static const unsigned long FP_I2C_FUNC_SMBUS_READ_I2C_BLOCK = I2C_FUNC_SMBUS_READ_I2C_BLOCK;

/** Largest I2C block transfer in bytes (I2C_SMBUS_BLOCK_MAX). */
static const int FP_I2C_BLOCK_MAX_BYTES = I2C_SMBUS_BLOCK_MAX;

/**
 * Opens an I2C adapter's character device (e.g. "/dev/i2c-1") read-write and
 * close-on-exec.
 * @return the file descriptor (>= 0), or -errno (-ENOENT: no such adapter,
 *         -EACCES: not in the i2c group).
 */
int fp_i2c_open(const char *path);

/**
 * Closes a descriptor returned by fp_i2c_open.
 * @return 0, or -errno.
 */
int fp_i2c_close(int fd);

/**
 * Selects the 7-bit slave address later transfers on fd go to (I2C_SLAVE).
 * @return 0, or -errno (-EBUSY: a kernel driver owns the address, -ENOTTY:
 *         fd is not an I2C adapter).
 */
int fp_i2c_select_address(int fd, uint8_t address);

/**
 * Reads the adapter's functionality mask (I2C_FUNCS) into *functionality;
 * compare it with the FP_I2C_FUNC_* bits.
 * @return 0, or -errno (-ENOTTY: fd is not an I2C adapter).
 */
int fp_i2c_read_functionality(int fd, unsigned long *functionality);

/**
 * SMBus receive byte from the selected address.
 * @return the byte (0-255), or -errno (-ENXIO, -EREMOTEIO or -EIO: no answer).
 */
int fp_i2c_read_byte(int fd);

/**
 * SMBus send byte to the selected address.
 * @return 0, or -errno.
 */
int fp_i2c_write_byte(int fd, uint8_t value);

/**
 * SMBus read byte data: one byte from register `command`.
 * @return the byte (0-255), or -errno.
 */
int fp_i2c_read_byte_data(int fd, uint8_t command);

/**
 * SMBus write byte data: `value` to register `command`.
 * @return 0, or -errno.
 */
int fp_i2c_write_byte_data(int fd, uint8_t command, uint8_t value);

/**
 * SMBus read word data from register `command`. The first byte on the wire
 * is the low byte of the result (SMBus order), whatever the host byte order.
 * @return the word (0-65535), or -errno.
 */
int fp_i2c_read_word_data(int fd, uint8_t command);

/**
 * SMBus write word data to register `command`: the low byte of `value` goes
 * on the wire first (SMBus order).
 * @return 0, or -errno.
 */
int fp_i2c_write_word_data(int fd, uint8_t command, uint16_t value);

/**
 * I2C block read through SMBus: `length` bytes (1 to FP_I2C_BLOCK_MAX_BYTES)
 * from register `command` into `buffer`.
 * @return the number of bytes read (may be fewer than `length`), or -errno
 *         (-EINVAL when `length` is 0 or above FP_I2C_BLOCK_MAX_BYTES).
 */
int fp_i2c_read_i2c_block_data(int fd, uint8_t command, uint8_t length, uint8_t *buffer);
