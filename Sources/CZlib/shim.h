#ifndef THUMBLAB_CZLIB_SHIM_H
#define THUMBLAB_CZLIB_SHIM_H
#include <zlib.h>
#endif
