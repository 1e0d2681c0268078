#pragma once
int fp_i2c_placeholder(void);
