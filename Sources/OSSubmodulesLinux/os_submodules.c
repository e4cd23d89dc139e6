// A C target needs a source file; the module map in include/ is what this target is for: the C
// module `os` whose submodules `import os.log` and `import os.signpost` name (module.modulemap).
#include "os_submodule.h"
