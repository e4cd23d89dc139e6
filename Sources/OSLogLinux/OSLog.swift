// OSLog by its own name on Linux. Apple's OSLog framework re-exports `os`, where `Logger`,
// `os_log` and the signposts live, so `import OSLog` brings them as it does there; the log
// store reading API (`OSLogStore`) that OSLog adds on Apple platforms is not offered.
@_exported import os
