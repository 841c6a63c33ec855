#include "LuaBridge.h"
