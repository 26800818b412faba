#define CHECK_MAIN
#include "check.h"
CHECK_WATCHDOG(30)
