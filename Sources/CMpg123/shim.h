#include <stddef.h>
#include <sys/types.h>
#include <mpg123.h>
