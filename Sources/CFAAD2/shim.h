// neaacdec.h defines generic words (LC, MAIN, RAW, ...) as macros: keep it alone in this shim.
#include <neaacdec.h>
