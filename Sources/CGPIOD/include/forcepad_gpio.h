#pragma once
int fp_gpio_placeholder(void);
