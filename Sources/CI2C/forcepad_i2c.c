#include "forcepad_i2c.h"
