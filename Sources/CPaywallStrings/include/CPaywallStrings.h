// The paywall's String Catalog (Sources/PaywallTranslations/PaywallStrings.xcstrings), its
// bytes compiled into the binary by `#embed` (PaywallStrings.c). PaywallTranslations reads
// them; nothing else should.
#ifndef KIOSK_CPAYWALLSTRINGS_H
#define KIOSK_CPAYWALLSTRINGS_H

#include <stddef.h>

/// The first byte of the catalog as it was when the binary was built (UTF-8 JSON).
const unsigned char *kiosk_paywall_strings_bytes(void);

/// How many bytes the catalog has.
size_t kiosk_paywall_strings_count(void);

#endif
