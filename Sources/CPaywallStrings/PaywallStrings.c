// Why C: SwiftPM's `.embedInCode` writes the catalog as a Swift array literal of 287,000
// integers, which took the type checker about 23 s of CPU in every first build (issue 39).
// `#embed` (C23; clang 19 and later) hands the file's bytes to the compiler directly, in a few
// milliseconds, and clang's dependency file names the catalog, so editing it rebuilds this
// object. The bytes live in the binary: an installed `kiosk` needs no resource directory.
#include "CPaywallStrings.h"

// `#embed` is C23; SwiftPM compiles C targets in clang's default (C17) mode, where clang
// accepts it as an extension and says so. The toolchain is fixed (Swift 6, clang 21).
#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char catalog[] = {
#embed "../PaywallTranslations/PaywallStrings.xcstrings"
};

const unsigned char *kiosk_paywall_strings_bytes(void) { return catalog; }

size_t kiosk_paywall_strings_count(void) { return sizeof catalog; }
