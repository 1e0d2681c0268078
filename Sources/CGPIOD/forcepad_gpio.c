#include "forcepad_gpio.h"
