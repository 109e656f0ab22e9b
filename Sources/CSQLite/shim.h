#ifndef THUMBLAB_CSQLITE_SHIM_H
#define THUMBLAB_CSQLITE_SHIM_H
#include <sqlite3.h>
#endif
