#include "forcepad_serial.h"
