#pragma once
/* Placeholder until the serial shim lands. */
int fp_serial_placeholder(void);
